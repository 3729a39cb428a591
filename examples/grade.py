def grade(score):
    if score >= 90:
        return "A"
    elif score >= 75:
        return "B"
    else:
        return "F"

def find(xs, target):
    i = 0
    while i < len(xs):
        if xs[i] == target:
            break
        i += 1
    else:
        print("not found")
    return i

total = 0
n = int(input("n = "))
for i in range(1, n + 1):
    if i % 2 == 0:
        continue
    total += i
print(total, grade(total))
