def linear_search(a, n, x):
    for i in range(n):
        if a[i] == x:
            return i
    return -1
