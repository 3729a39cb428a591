#include <stdio.h>

long factorial_loop(int n) {
    long result = 1;
    for (int i = 2; i <= n; i++) {
        result *= i;
    }
    return result;
}

int main(void) {
    int n;
    scanf("%d", &n);
    printf("%ld\n", factorial_loop(n));
    return 0;
}
