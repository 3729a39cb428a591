# Рахунок у банку: меню з кількома діями, поки користувач не вийде.
balance = 0.0
history = []
while True:
    print("1 - поповнити, 2 - зняти, 3 - історія, 4 - відсотки, 0 - вихід")
    choice = input("Ваш вибір: ")
    if choice == "1":
        amount = float(input("Сума: "))
        if amount <= 0:
            print("Сума має бути додатною")
            continue
        balance += amount
        history.append(amount)
        print("Баланс:", balance)
    elif choice == "2":
        amount = float(input("Сума: "))
        if amount > balance:
            print("Недостатньо коштів")
        else:
            balance -= amount
            history.append(-amount)
            print("Баланс:", balance)
    elif choice == "3":
        if len(history) == 0:
            print("Операцій ще не було")
        for i in range(len(history)):
            print(i + 1, history[i])
    elif choice == "4":
        rate = float(input("Річна ставка, %: "))
        years = int(input("Років: "))
        total = balance
        for year in range(1, years + 1):
            total = total * (1 + rate / 100)
            print("Рік", year, ":", round(total, 2))
    elif choice == "0":
        break
    else:
        print("Невідома команда")
print("До побачення! Баланс:", balance)
