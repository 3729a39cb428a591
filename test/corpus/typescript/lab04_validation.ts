function readNumber(question: string): number {
  let value: number;
  do {
    value = parseFloat(prompt(question) ?? "");
    if (isNaN(value)) {
      console.log("Це не число, спробуйте ще");
    }
  } while (isNaN(value));
  return value;
}

const x = readNumber("x = ");
let y: number;
if (x < -1) {
  y = -x;
} else if (x <= 1) {
  y = x * x;
} else {
  y = Math.sqrt(x);
}
console.log(`y(${x}) = ${y.toFixed(3)}`);
