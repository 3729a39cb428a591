function bubble_sort(a, n) {
    for (let i = 0; i < n - 1; i++) {
        for (let j = 0; j < n - 1 - i; j++) {
            if (a[j] > a[j + 1]) {
                const t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
        }
    }
}

const a = [5, 3, 1, 4, 2];
bubble_sort(a, a.length);
console.log(a.join(" "));
