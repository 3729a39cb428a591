# Лабораторна робота №11: сума цифр числа (файл з CRLF)
def digit_sum(n):
    n = abs(n)
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s


def is_lucky(ticket):
    if len(ticket) != 6 or not ticket.isdigit():
        return False
    left = sum(int(c) for c in ticket[:3])
    right = sum(int(c) for c in ticket[3:])
    return left == right


def main():
    x = int(input("Число: "))
    print("Сума цифр:", digit_sum(x))
    t = input("Номер квитка: ")
    if is_lucky(t):
        print("Щасливий!")
    else:
        print("Звичайний")


if __name__ == "__main__":
    main()
