import random

# ЛР 5 матриці
# Заповнити матрицю n x m випадковими числами, знайти мінімум кожного стовпця,
# поміняти місцями перший та останній рядки, транспонувати.

n = int(input("Рядків: "))
m = int(input("Стовпців: "))
a = []
for i in range(n):
    row = []
    for j in range(m):
        row.append(random.randint(-50, 50))
    a.append(row)

for row in a:
    print(*row, sep="\t")

for j in range(m):
    mn = a[0][j]
    for i in range(1, n):
        if a[i][j] < mn:
            mn = a[i][j]
    print("Мінімум стовпця", j + 1, "=", mn)

a[0], a[n - 1] = a[n - 1], a[0]

t = [[a[i][j] for i in range(n)] for j in range(m)]
print("Транспонована:")
for row in t:
    print(" ".join(str(x).rjust(4) for x in row))
