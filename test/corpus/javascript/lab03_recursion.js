// Лабораторна робота №3. Рекурсія
// Завдання: 1) Ханойські вежі з лічильником ходів; 2) сума цифр числа;
// 3) рекурсивний двійковий пошук у відсортованому масиві
const prompt = require("prompt-sync")();

let moves = 0;

function hanoi(n, from, to, via) {
  if (n === 0) {
    return;
  }
  hanoi(n - 1, from, via, to);
  moves++;
  console.log(`Хід ${moves}: диск ${n} з ${from} на ${to}`);
  hanoi(n - 1, via, to, from);
}

function digitSum(n) {
  if (n < 10) {
    return n;
  }
  return (n % 10) + digitSum(Math.floor(n / 10));
}

function binarySearch(arr, x, left, right) {
  if (left > right) {
    return -1;
  }
  const mid = Math.floor((left + right) / 2);
  if (arr[mid] === x) {
    return mid;
  }
  if (x < arr[mid]) {
    return binarySearch(arr, x, left, mid - 1);
  }
  return binarySearch(arr, x, mid + 1, right);
}

function readInt(message, min, max) {
  let value = parseInt(prompt(message));
  while (isNaN(value) || value < min || value > max) {
    console.log(`Введіть ціле число від ${min} до ${max}`);
    value = parseInt(prompt(message));
  }
  return value;
}

// 1. Ханойські вежі
const discs = readInt("Кількість дисків (1-8): ", 1, 8);
hanoi(discs, "A", "C", "B");
console.log(`Усього ходів: ${moves}, за формулою 2^n - 1 = ${2 ** discs - 1}`);

// 2. Сума цифр
const number = readInt("Натуральне число: ", 1, 1000000000);
console.log(`Сума цифр числа ${number} = ${digitSum(number)}`);

// 3. Двійковий пошук
const size = readInt("Кількість елементів масиву (1-20): ", 1, 20);
const arr = [];
for (let i = 0; i < size; i++) {
  arr.push(readInt(`arr[${i}] = `, -1000, 1000));
}
arr.sort((a, b) => a - b);
console.log("Відсортований масив: " + arr.join(" "));
const x = readInt("Яке число шукаємо: ", -1000, 1000);
const pos = binarySearch(arr, x, 0, arr.length - 1);
if (pos === -1) {
  console.log("Число не знайдено");
} else {
  console.log(`Число ${x} стоїть на позиції ${pos} (рахуючи з 0)`);
}
