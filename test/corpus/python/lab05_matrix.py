# Лабораторна робота №5: робота з матрицями
def read_matrix(rows, cols):
    m = []
    for i in range(rows):
        row = list(map(int, input(f"Рядок {i + 1}: ").split()))
        while len(row) != cols:
            print("Потрібно", cols, "чисел")
            row = list(map(int, input(f"Рядок {i + 1}: ").split()))
        m.append(row)
    return m


def transpose(m):
    return [[m[i][j] for i in range(len(m))] for j in range(len(m[0]))]


def multiply(a, b):
    n, k, p = len(a), len(b), len(b[0])
    c = [[0] * p for _ in range(n)]
    for i in range(n):
        for j in range(p):
            for t in range(k):
                c[i][j] += a[i][t] * b[t][j]
    return c


def row_with_max_sum(m):
    best, best_sum = 0, sum(m[0])
    for i, row in enumerate(m):
        s = sum(row)
        if s > best_sum:
            best, best_sum = i, s
    return best


def main():
    n = int(input("Розмір n: "))
    a = read_matrix(n, n)
    t = transpose(a)
    p = multiply(a, t)
    for row in p:
        print(*row, sep="\t")
    print("Рядок з максимальною сумою:", row_with_max_sum(a) + 1)


if __name__ == "__main__":
    main()
