// Введення числа з перевіркою
function readPositive(message) {
  let value;
  let valid;
  do {
    value = Number(prompt(message));
    valid = Number.isInteger(value) && value > 0;
    if (!valid) {
      console.log("Помилка: введіть натуральне число");
    }
  } while (!valid);
  return value;
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
