# Лабораторна робота №18: пошук пар, вкладені цикли, break/continue, try
def find_pair(a, target):
    i = 0
    while i < len(a):
        j = i + 1
        while j < len(a):
            if a[i] + a[j] == target:
                return i, j
            j += 1
        i += 1
    else:
        return None


def read_numbers():
    numbers = []
    while True:
        raw = input("Число (порожньо — кінець): ")
        if raw == "":
            break
        try:
            numbers.append(int(raw))
        except ValueError:
            print("Це не число")
            continue
        finally:
            print("Введено:", len(numbers))
    return numbers


def count_words(text):
    freq = {}
    for w in text.lower().split():
        freq[w] = freq.get(w, 0) + 1
    return sorted(freq.items(), key=lambda kv: -kv[1])


def main():
    a = read_numbers()
    t = int(input("Ціль: "))
    pair = find_pair(a, t)
    print("Пара:", pair if pair else "немає")
    for word, k in count_words(input("Текст: "))[:5]:
        print(word, k)


if __name__ == "__main__":
    main()
