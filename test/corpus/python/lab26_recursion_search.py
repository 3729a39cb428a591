# Лабораторна 8. Рекурсія
# 1) ханойські вежі  2) бінарний пошук  3) перевірка паліндрома


def hanoi(n, src, dst, tmp):
    if n == 0:
        return 0
    moves = hanoi(n - 1, src, tmp, dst)
    print(f"{src} -> {dst}")
    moves += 1
    moves += hanoi(n - 1, tmp, dst, src)
    return moves


def binary_search(arr, key, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if arr[mid] == key:
        return mid
    elif arr[mid] < key:
        return binary_search(arr, key, mid + 1, hi)
    else:
        return binary_search(arr, key, lo, mid - 1)


def is_palindrome(s):
    if len(s) <= 1:
        return True
    if s[0] != s[-1]:
        return False
    return is_palindrome(s[1:-1])


n = int(input("Кількість дисків: "))
print("Ходів:", hanoi(n, "A", "C", "B"))

numbers = [3, 7, 11, 15, 19, 24, 30, 42]
key = int(input("Що шукаємо? "))
pos = binary_search(numbers, key, 0, len(numbers) - 1)
if pos == -1:
    print("Не знайдено")
else:
    print("Індекс:", pos)

word = input("Слово: ").lower()
print("Паліндром" if is_palindrome(word) else "Не паліндром")
