# Калькулятор з меню
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


while True:
    print("1 - факторіал, 2 - НСД, 0 - вихід")
    choice = input("Ваш вибір: ")
    match choice:
        case "1":
            n = int(input("n = "))
            print(factorial(n))
        case "2":
            a, b = map(int, input("a b = ").split())
            print(gcd(a, b))
        case "0":
            break
        case _:
            print("Невідома команда")
print("До побачення!")
