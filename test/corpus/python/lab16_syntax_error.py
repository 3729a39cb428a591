# Лабораторна робота №16: обробка списку (з помилкою у функції)
def read_list():
    n = int(input("Кількість: "))
    result = []
    for i in range(n):
        result.append(int(input(f"a[{i}] = ")))
    return result


def positive_sum(a):
    s = 0
    for x in a
        if x > 0:
            s += x
    return s


def max_index(a):
    best = 0
    for i in range(1, len(a)):
        if a[i] > a[best]:
            best = i
    return best


if __name__ == "__main__":
    data = read_list()
    print("Сума додатних:", positive_sum(data))
    print("Індекс максимуму:", max_index(data))
