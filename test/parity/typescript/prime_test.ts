function prime_test(n: number): boolean {
    if (n < 2) {
        return false;
    }
    let i = 2;
    while (i * i <= n) {
        if (n % i === 0) {
            return false;
        }
        i++;
    }
    return true;
}

console.log(prime_test(10));
