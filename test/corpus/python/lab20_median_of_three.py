# Лабораторна 3: медіана трьох чисел і класифікація трикутника
def median(a, b, c):
    if a > b:
        if b > c:
            m = b
        elif a > c:
            m = c
        else:
            m = a
    else:
        if a > c:
            m = a
        elif b > c:
            m = c
        else:
            m = b
    return m


def triangle_kind(a, b, c):
    if a <= 0 or b <= 0 or c <= 0:
        kind = "не трикутник: сторони мають бути додатні"
    elif a + b <= c or a + c <= b or b + c <= a:
        kind = "не трикутник: нерівність трикутника"
    elif a == b and b == c:
        kind = "рівносторонній"
    elif a == b or b == c or a == c:
        if a * a + b * b == c * c or a * a + c * c == b * b or b * b + c * c == a * a:
            kind = "рівнобедрений прямокутний"
        else:
            kind = "рівнобедрений"
    elif a * a + b * b == c * c or a * a + c * c == b * b or b * b + c * c == a * a:
        kind = "прямокутний"
    elif a * a + b * b < c * c or a * a + c * c < b * b or b * b + c * c < a * a:
        kind = "тупокутний"
    else:
        kind = "гострокутний"
    return kind


x = int(input("x = "))
y = int(input("y = "))
z = int(input("z = "))
print("Медіана:", median(x, y, z))
print("Трикутник:", triangle_kind(x, y, z))
