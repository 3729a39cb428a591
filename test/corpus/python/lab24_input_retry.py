"""ЛР 2. Введення з перевіркою: ділення двох чисел і квадратний корінь."""
import math


def read_float(prompt):
    while True:
        try:
            return float(input(prompt))
        except ValueError:
            print("Це не число! Спробуйте ще раз.")


def read_int_in_range(prompt, lo, hi):
    while True:
        s = input(prompt)
        if not s.lstrip("-").isdigit():
            print("Потрібне ціле число")
            continue
        n = int(s)
        if lo <= n <= hi:
            return n
        print(f"Число має бути від {lo} до {hi}")


a = read_float("Ділене: ")
b = read_float("Дільник: ")
try:
    print("Частка:", a / b)
except ZeroDivisionError:
    print("На нуль ділити не можна")

x = read_float("Число для кореня: ")
if x >= 0:
    print("Корінь:", round(math.sqrt(x), 4))
else:
    print("Корінь з від'ємного числа не існує")

digits = read_int_in_range("Скільки знаків після коми (0-6): ", 0, 6)
print("π =", round(math.pi, digits))
input("Натисніть Enter, щоб вийти...")
