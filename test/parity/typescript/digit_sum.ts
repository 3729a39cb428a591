function digit_sum(n: number): number {
    let s: number = 0;
    while (n > 0) {
        s += n % 10;
        n = Math.trunc(n / 10);
    }
    return s;
}

console.log(digit_sum(10));
