# Лабораторна 7: облік книжок у бібліотеці (меню)
books = []
readers = {}
running = True
while running:
    print("1 - додати книжку")
    print("2 - видати книжку")
    print("3 - повернути книжку")
    print("4 - пошук за автором")
    print("5 - список боржників")
    print("6 - статистика")
    print("0 - вихід")
    choice = input("> ")
    if choice == "1":
        title = input("Назва: ")
        author = input("Автор: ")
        if title == "" or author == "":
            print("Порожні поля")
        else:
            books.append([title, author, ""])
            print("Додано")
    elif choice == "2":
        title = input("Назва: ")
        reader = input("Читач: ")
        found = False
        for book in books:
            if book[0] == title:
                found = True
                if book[2] == "":
                    book[2] = reader
                    readers[reader] = readers.get(reader, 0) + 1
                    print("Видано")
                else:
                    print("Книжка вже на руках у", book[2])
                break
        if not found:
            print("Немає такої книжки")
    elif choice == "3":
        title = input("Назва: ")
        for book in books:
            if book[0] == title and book[2] != "":
                readers[book[2]] -= 1
                book[2] = ""
                print("Повернено")
    elif choice == "4":
        author = input("Автор: ")
        count = 0
        for book in books:
            if author.lower() in book[1].lower():
                print(book[0], "-", book[1])
                count += 1
        if count == 0:
            print("Нічого не знайдено")
    elif choice == "5":
        for reader in readers:
            if readers[reader] > 0:
                print(reader, readers[reader])
    elif choice == "6":
        total = len(books)
        out = 0
        for book in books:
            if book[2] != "":
                out += 1
        print("Усього:", total, "на руках:", out)
        if total > 0:
            print("Частка виданих:", round(out / total * 100, 1), "%")
    elif choice == "0":
        running = False
    else:
        print("Невідома команда")
print("До побачення")
