// Введення числа з перевіркою
function readPositive(message) {
  while (true) {
    const value = Number(prompt(message));
    if (Number.isInteger(value) && value > 0) {
      return value;
    }
    console.log("Помилка: введіть натуральне число");
  }
}

const age = readPositive("Вік: ");
if (age < 18) {
  console.log("Неповнолітній");
} else if (age < 60) {
  console.log("Дорослий");
} else {
  console.log("Пенсіонер");
}

try {
  const data = JSON.parse(prompt("JSON: "));
  console.log("Поля:", Object.keys(data).length);
} catch (e) {
  console.log("Некоректний JSON");
}
