# Лабораторна робота №7: меню з використанням match
def add(a, b):
    return a + b


def divide(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        print("Ділення на нуль!")
        return None


def main():
    while True:
        print("1 - додати")
        print("2 - поділити")
        print("3 - степінь")
        print("0 - вихід")
        choice = input("Ваш вибір: ").strip()
        match choice:
            case "1":
                a, b = float(input("a = ")), float(input("b = "))
                print("Сума:", add(a, b))
            case "2":
                a, b = float(input("a = ")), float(input("b = "))
                r = divide(a, b)
                if r is not None:
                    print("Частка:", r)
            case "3":
                x = float(input("x = "))
                n = int(input("n = "))
                print(x ** n)
            case "0" | "q":
                print("До побачення!")
                break
            case _:
                print("Невідома команда")


if __name__ == "__main__":
    main()
