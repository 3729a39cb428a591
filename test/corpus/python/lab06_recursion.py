# Лабораторна робота №6: рекурсія
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)


def hanoi(n, src, dst, tmp):
    if n == 0:
        return
    hanoi(n - 1, src, tmp, dst)
    print(f"Диск {n}: {src} -> {dst}")
    hanoi(n - 1, tmp, dst, src)


def binary_search(arr, x, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if arr[mid] == x:
        return mid
    elif arr[mid] < x:
        return binary_search(arr, x, mid + 1, hi)
    else:
        return binary_search(arr, x, lo, mid - 1)


if __name__ == "__main__":
    n = int(input("n = "))
    print("n! =", factorial(n))
    print("F(n) =", fib(n))
    print("НСД(48, 18) =", gcd(48, 18))
    hanoi(3, "A", "C", "B")
    print(binary_search([1, 3, 5, 7, 9, 11], 7, 0, 5))
