class Deposit:
    """Банківський депозит: сума, ставка, нарахування відсотків"""

    def __init__(self, owner, amount, rate):
        self.owner = owner
        self.amount = amount
        self.rate = rate

    def add(self, money):
        if money <= 0:
            print("Сума має бути більше нуля")
            return False
        self.amount += money
        return True

    def grow(self, years):
        for _ in range(years):
            self.amount = self.amount * (1 + self.rate / 100)
        return self.amount

    def __str__(self):
        return "%s: %.2f грн під %.1f%%" % (self.owner, self.amount, self.rate)


def main():
    name = input("Власник: ")
    d = Deposit(name, float(input("Початкова сума: ")), 12.5)
    print(d)
    if d.add(float(input("Поповнення: "))):
        print("Поповнено")
    years = int(input("На скільки років? "))
    print("Через", years, "р.:", round(d.grow(years), 2))
    print(d)


if __name__ == "__main__":
    main()
