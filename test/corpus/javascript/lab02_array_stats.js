const readlineSync = require("readline-sync");

const n = readlineSync.questionInt("Кількість елементів: ");
const arr = [];
for (let i = 0; i < n; i++) {
  arr.push(readlineSync.questionFloat(`a[${i}] = `));
}

let min = arr[0];
let max = arr[0];
let sum = 0;
for (const x of arr) {
  if (x < min) min = x;
  if (x > max) max = x;
  sum += x;
}
const avg = n > 0 ? sum / n : 0;
console.log("Мінімум:", min);
console.log("Максимум:", max);
console.log(`Середнє: ${avg.toFixed(2)}`);
