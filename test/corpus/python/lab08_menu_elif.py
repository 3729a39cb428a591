# Лабораторна робота №8: телефонний довідник (меню через if/elif)
contacts = {}


def add_contact():
    name = input("Ім'я: ")
    phone = input("Телефон: ")
    if name in contacts:
        print("Контакт вже існує, оновлюємо")
    contacts[name] = phone


def find_contact():
    name = input("Кого шукати: ")
    if name in contacts:
        print(name, "-", contacts[name])
    else:
        print("Не знайдено")


def show_all():
    if not contacts:
        print("Довідник порожній")
        return
    for name in sorted(contacts):
        print(f"{name:20} {contacts[name]}")


def main():
    running = True
    while running:
        cmd = input("[a]дати, [f]найти, [s]показати, [q]вихід: ")
        if cmd == "a":
            add_contact()
        elif cmd == "f":
            find_contact()
        elif cmd == "s":
            show_all()
        elif cmd == "q":
            running = False
        else:
            print("Помилка вводу")
            continue
        print("---")


main()
