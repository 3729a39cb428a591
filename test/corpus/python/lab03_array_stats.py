# Лабораторна робота №3: обробка одновимірного масиву
import random

N = 15


def fill(n):
    return [random.randint(-50, 50) for _ in range(n)]


def stats(arr):
    mn = mx = arr[0]
    s = 0
    neg = 0
    for x in arr:
        if x < mn:
            mn = x
        if x > mx:
            mx = x
        if x < 0:
            neg += 1
        s += x
    return mn, mx, s / len(arr), neg


def replace_negatives(arr):
    i = 0
    while i < len(arr):
        if arr[i] < 0:
            arr[i] = 0
        i += 1
    return arr


def main():
    arr = fill(N)
    print("Масив:", arr)
    mn, mx, avg, neg = stats(arr)
    print("Мінімум:", mn, "Максимум:", mx)
    print("Середнє: %.2f" % avg)
    print("Від'ємних:", neg)
    print("Після заміни:", replace_negatives(arr))


if __name__ == "__main__":
    main()
