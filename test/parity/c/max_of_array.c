#include <stdio.h>

int max_of_array(int a[], int n) {
    int m = a[0];
    for (int i = 1; i < n; i++) {
        if (a[i] > m) {
            m = a[i];
        }
    }
    return m;
}

int main(void) {
    int a[] = {3, 9, 2, 7};
    printf("%d\n", max_of_array(a, 4));
    return 0;
}
