# Сума елементів матриці вище головної діагоналі
def read_matrix(n):
    m = []
    for i in range(n):
        row = list(map(float, input().split()))
        m.append(row)
    return m


def upper_sum(m):
    s = 0
    n = len(m)
    for i in range(n):
        for j in range(i + 1, n):
            s += m[i][j]
    return s


try:
    n = int(input("Розмір матриці: "))
    if n <= 0:
        raise ValueError("розмір має бути додатним")
    m = read_matrix(n)
    print("Сума =", upper_sum(m))
except ValueError as e:
    print("Помилка:", e)
