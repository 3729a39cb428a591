function linear_search(a: number[], n: number, x: number): number {
    for (let i = 0; i < n; i++) {
        if (a[i] === x) {
            return i;
        }
    }
    return -1;
}

console.log(linear_search(10));
