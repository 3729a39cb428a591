function binary_search(a: number[], n: number, x: number): number {
    let lo: number = 0;
    let hi = n - 1;
    while (lo <= hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (a[mid] === x) {
            return mid;
        } else if (a[mid] < x) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return -1;
}

console.log(binary_search([1, 3, 5, 7, 9, 11], 6, 7));
