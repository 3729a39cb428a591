#include <stdio.h>

long factorial_recursive(int n) {
    if (n <= 1) {
        return 1;
    }
    return n * factorial_recursive(n - 1);
}

int main(void) {
    int n;
    scanf("%d", &n);
    printf("%ld\n", factorial_recursive(n));
    return 0;
}
