function factorial(n) {
  if (n <= 1) {
    return 1;
  }
  return n * factorial(n - 1);
}

function fibonacci(n) {
  if (n < 2) return n;
  return fibonacci(n - 1) + fibonacci(n - 2);
}

const power = (x, k) => (k === 0 ? 1 : x * power(x, k - 1));

function main() {
  const n = parseInt(prompt("n = "));
  console.log(`${n}! = ${factorial(n)}`);
  for (let i = 0; i <= n; i++) {
    console.log("F(" + i + ") = " + fibonacci(i));
  }
  console.log("2^n =", power(2, n));
}

main();
