const limit = parseInt(prompt("Межа: "), 10);
let count = 0;
outer: for (let n = 2; n <= limit; n++) {
  for (let d = 2; d * d <= n; d++) {
    if (n % d === 0) {
      continue outer;
    }
  }
  count++;
  console.log(n);
}
console.log("Простих чисел:", count);

let k = 0;
while (k < 10) {
  k += 3;
  if (k === 9) {
    break;
  }
}
process.exit(0);
