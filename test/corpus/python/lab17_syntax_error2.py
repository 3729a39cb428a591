# Лабораторна робота №17: калькулятор (студент не закрив дужку)
def calc(a, op, b):
    if op == "+":
        return a + b
    elif op == "-":
        return a - b
    elif op == "*":
        return a * b
    elif op == "/":
        if b == 0:
            return None
        return a / b
    return None


def parse(line):
    parts = line.split(
    if len(parts) != 3:
        return None
    return float(parts[0]), parts[1], float(parts[2])


def main():
    while True:
        line = input("> ")
        if line == "exit":
            break
        expr = parse(line)
        if expr is None:
            print("Формат: a op b")
            continue
        print(calc(*expr))


main()
