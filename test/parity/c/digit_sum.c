#include <stdio.h>

int digit_sum(int n) {
    int s = 0;
    while (n > 0) {
        s += n % 10;
        n /= 10;
    }
    return s;
}

int main(void) {
    int n;
    scanf("%d", &n);
    printf("%d\n", digit_sum(n));
    return 0;
}
