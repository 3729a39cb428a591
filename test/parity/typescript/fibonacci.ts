function fibonacci(n: number): number {
    let a = 0;
    let b = 1;
    for (let i = 0; i < n; i++) {
        const t = a + b;
        a = b;
        b = t;
    }
    return a;
}

console.log(fibonacci(10));
