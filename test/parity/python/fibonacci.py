def fibonacci(n):
    a = 0
    b = 1
    for i in range(n):
        t = a + b
        a = b
        b = t
    return a
