// Лабораторна робота 1: меню калькулятора
const prompt = require("prompt-sync")();

function add(a, b) {
  return a + b;
}

function divide(a, b) {
  if (b === 0) {
    console.log("Ділення на нуль!");
    return 0;
  }
  return a / b;
}

let choice;
do {
  console.log("1 - сума, 2 - ділення, 0 - вихід");
  choice = Number(prompt("Ваш вибір: "));
  switch (choice) {
    case 1: {
      const a = Number(prompt("a = "));
      const b = Number(prompt("b = "));
      console.log("Сума: " + add(a, b));
      break;
    }
    case 2: {
      const a = Number(prompt("a = "));
      const b = Number(prompt("b = "));
      console.log(`Частка: ${divide(a, b)}`);
      break;
    }
    case 0:
      console.log("До побачення");
      break;
    default:
      console.log("Невідомий пункт");
  }
} while (choice !== 0);
