def max_of_array(a, n):
    m = a[0]
    for i in range(1, n):
        if a[i] > m:
            m = a[i]
    return m
