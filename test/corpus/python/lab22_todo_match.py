# Лабораторна 8: список справ (меню з match у циклі)
tasks = []
done = []
while True:
    print("1 - додати  2 - виконано  3 - список  4 - видалити")
    print("5 - пошук  6 - статистика  7 - очистити виконані  0 - вихід")
    cmd = input("> ")
    match cmd:
        case "1":
            text = input("Справа: ")
            if text:
                tasks.append(text)
                done.append(False)
            else:
                print("Порожня справа")
        case "2":
            k = int(input("Номер: ")) - 1
            if 0 <= k < len(tasks):
                done[k] = True
            else:
                print("Немає такого номера")
        case "3":
            for k in range(len(tasks)):
                mark = "x" if done[k] else " "
                print(f"{k + 1}. [{mark}] {tasks[k]}")
        case "4":
            k = int(input("Номер: ")) - 1
            if 0 <= k < len(tasks):
                tasks.pop(k)
                done.pop(k)
        case "5":
            word = input("Шукати: ")
            for k in range(len(tasks)):
                if word.lower() in tasks[k].lower():
                    print(k + 1, tasks[k])
        case "6":
            finished = sum(1 for d in done if d)
            print("Усього:", len(tasks), "виконано:", finished)
        case "7":
            k = 0
            while k < len(tasks):
                if done[k]:
                    tasks.pop(k)
                    done.pop(k)
                else:
                    k += 1
        case "0":
            break
        case _:
            print("Невідома команда")
print("Бувайте!")
