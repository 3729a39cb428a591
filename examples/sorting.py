# Лабораторна робота №3: сортування та пошук
def bubble_sort(a):
    n = len(a)
    for i in range(n - 1):
        swapped = False
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swapped = True
        if not swapped:
            break
    return a


def binary_search(a, x):
    lo, hi = 0, len(a) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if a[mid] == x:
            return mid
        elif a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


n = int(input("Кількість елементів: "))
a = []
for i in range(n):
    a.append(int(input()))
bubble_sort(a)
print("Відсортовано:", a)
x = int(input("Що шукати? "))
k = binary_search(a, x)
if k == -1:
    print("Не знайдено")
else:
    print("Індекс:", k)
