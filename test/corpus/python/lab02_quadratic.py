# Лабораторна робота №2: розв'язання квадратного рівняння
import math


def solve(a, b, c):
    """Повертає корені рівняння a*x^2 + b*x + c = 0."""
    if a == 0:
        if b == 0:
            return None
        return (-c / b,)
    d = b * b - 4 * a * c
    if d < 0:
        return ()
    elif d == 0:
        return (-b / (2 * a),)
    else:
        sq = math.sqrt(d)
        return ((-b - sq) / (2 * a), (-b + sq) / (2 * a))


def main():
    a = float(input("a = "))
    b = float(input("b = "))
    c = float(input("c = "))
    roots = solve(a, b, c)
    if roots is None:
        print("Безліч розв'язків або немає")
    elif len(roots) == 0:
        print("Дійсних коренів немає")
    else:
        for r in roots:
            print(f"x = {r:.3f}")


if __name__ == "__main__":
    main()
