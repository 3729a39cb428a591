# -*- coding: utf-8 -*-
# Лабораторна 19 (частина коду ще з Python 2): тернарні вирази, форматування, довгі виклики.
import math


def classify(x):
    return "додатне" if x > 0 else ("нуль" if x == 0 else "від'ємне")


def stats(values):
    total = sum(values)
    mean = total / len(values) if values else 0
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return mean, spread


def main():
    n = int(input("n = "))
    values = [((i * 37) % 11) - 5 for i in range(n)]
    print "Значення:", values
    print
    mean, spread = stats(values)
    print("Середнє: %.2f, розкид: %.2f" % (mean, spread))
    print("Перше: {}".format(classify(values[0]) if values else "немає"))
    label = "парне" if n % 2 == 0 else "непарне"
    print(label.upper() if n > 3 else label)
    print("\n")
    report = ", ".join("{0}: {1}".format(i, classify(v)) for i, v in enumerate(values) if v != 0 and i % 2 == 0)
    print(report)
    input()


if __name__ == "__main__":
    main()
