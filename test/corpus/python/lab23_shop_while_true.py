# Лабораторна робота №6
# Меню "Список покупок" (while True + match)

def show(items):
    if not items:
        print("Список порожній")
        return
    for i, (name, price) in enumerate(items, start=1):
        print(f"{i}. {name} - {price:.2f} грн")


def total(items):
    s = 0
    for _, price in items:
        s += price
    return s


items = []
while True:
    print("\n1 - додати товар\n2 - видалити товар\n3 - показати список\n4 - загальна сума\n0 - вихід")
    choice = input("Ваш вибір: ")
    match choice:
        case "1":
            name = input("Назва: ")
            price = float(input("Ціна: "))
            items.append((name, price))
        case "2":
            show(items)
            k = int(input("Номер товару: "))
            if 1 <= k <= len(items):
                del items[k - 1]
            else:
                print("Немає такого номера")
        case "3":
            show(items)
        case "4":
            print("Разом:", total(items), "грн")
        case "0":
            print("Бувайте!")
            break
        case _:
            print("Невірний пункт")
