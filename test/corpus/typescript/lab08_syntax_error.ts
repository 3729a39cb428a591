function half(n: number): number {
  return n / 2;
}

let v: number = 10;
if (v > 5 {
  console.log(half(v));
}
