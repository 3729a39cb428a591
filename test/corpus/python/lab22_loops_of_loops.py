# Лабораторна 5: таблиці множення, прості числа і трикутник Паскаля
n = int(input("n = "))
for i in range(1, n + 1):
    row = ""
    for j in range(1, n + 1):
        row += str(i * j) + "\t"
    print(row)

count = 0
k = 2
while count < n:
    prime = True
    d = 2
    while d * d <= k:
        if k % d == 0:
            prime = False
            break
        d += 1
    if prime:
        print(k)
        count += 1
    k += 1

tri = [[1]]
for i in range(1, n):
    prev = tri[i - 1]
    cur = [1]
    for j in range(1, i):
        cur.append(prev[j - 1] + prev[j])
    cur.append(1)
    tri.append(cur)
for r in tri:
    line = ""
    for v in r:
        line += str(v) + " "
    print(line.center(4 * n))

matrix = []
for i in range(n):
    matrix.append([])
    for j in range(n):
        matrix[i].append((i + 1) * (j + 2) % 7)
best = -1
for i in range(n):
    s = 0
    for j in range(n):
        if i != j:
            s += matrix[i][j]
    if s > best:
        best = s
print("Найбільша сума поза діагоналлю:", best)
