function max_of_array(a: number[], n: number): number {
    let m = a[0];
    for (let i = 1; i < n; i++) {
        if (a[i] > m) {
            m = a[i];
        }
    }
    return m;
}

console.log(max_of_array(10));
