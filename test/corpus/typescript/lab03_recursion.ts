function gcd(a: number, b: number): number {
  if (b === 0) {
    return a;
  }
  return gcd(b, a % b);
}

function sumDigits(n: number): number {
  return n < 10 ? n : (n % 10) + sumDigits(Math.floor(n / 10));
}

const hanoi = (n: number, from: string, to: string, via: string): void => {
  if (n === 0) return;
  hanoi(n - 1, from, via, to);
  console.log(`Диск ${n}: ${from} -> ${to}`);
  hanoi(n - 1, via, to, from);
};

const a = Number(prompt("a = "));
const b = Number(prompt("b = "));
console.log("НСД =", gcd(a, b));
console.log("Сума цифр a =", sumDigits(a));
hanoi(3, "A", "C", "B");
