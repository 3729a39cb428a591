class Student {
  constructor(name, grades) {
    this.name = name;
    this.grades = grades;
  }

  average() {
    let sum = 0;
    for (const g of this.grades) {
      sum += g;
    }
    return this.grades.length > 0 ? sum / this.grades.length : 0;
  }

  hasDebts() {
    return this.grades.some((g) => g < 60);
  }
}

const group = [new Student("Іван", [90, 75, 60]), new Student("Олена", [95, 88, 100]), new Student("Петро", [40, 70, 55])];
let best = group[0];
for (const s of group) {
  if (s.average() > best.average()) {
    best = s;
  }
  if (s.hasDebts()) {
    console.log(s.name + " має борги");
  }
}
console.log(`Найкращий: ${best.name}`);
