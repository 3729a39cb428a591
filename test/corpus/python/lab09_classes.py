# Лабораторна робота №9: класи — облік студентів
class Student:
    def __init__(self, name, group, marks=None):
        self.name = name
        self.group = group
        self.marks = marks if marks is not None else []

    def add_mark(self, mark):
        if not 0 <= mark <= 100:
            raise ValueError("Оцінка має бути від 0 до 100")
        self.marks.append(mark)

    def average(self):
        if len(self.marks) == 0:
            return 0.0
        return sum(self.marks) / len(self.marks)

    def __str__(self):
        return f"{self.name} ({self.group}): {self.average():.1f}"


class Group:
    def __init__(self, code):
        self.code = code
        self.students = []

    def add(self, student):
        self.students.append(student)

    def best(self):
        best = None
        for s in self.students:
            if best is None or s.average() > best.average():
                best = s
        return best

    def debtors(self, limit=60):
        return [s for s in self.students if s.average() < limit]


def main():
    group = Group("КН-21")
    n = int(input("Кількість студентів: "))
    for i in range(n):
        name = input("Прізвище: ")
        st = Student(name, group.code)
        for mark in input("Оцінки через пробіл: ").split():
            try:
                st.add_mark(int(mark))
            except ValueError as e:
                print("Пропущено:", e)
        group.add(st)
    print("Найкращий:", group.best())
    for d in group.debtors():
        print("Боржник:", d)


if __name__ == "__main__":
    main()
