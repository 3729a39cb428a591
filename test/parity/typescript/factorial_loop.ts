function factorial_loop(n: number): number {
    let f = 1;
    for (let i = 2; i <= n; i++) {
        f *= i;
    }
    return f;
}

console.log(factorial_loop(10));
