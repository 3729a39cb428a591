/* Лабораторна робота №2: прості числа в діапазоні */
#include <stdio.h>

int is_prime(int n) {
    if (n < 2)
        return 0;
    for (int i = 2; i * i <= n; i++) {
        if (n % i == 0)
            return 0;
    }
    return 1;
}

int main(void) {
    int a, b, count = 0;
    printf("Введіть межі: ");
    scanf("%d %d", &a, &b);
    for (int x = a; x <= b; x++) {
        if (is_prime(x)) {
            printf("%d ", x);
            count++;
        }
    }
    printf("\nЗнайдено: %d\n", count);
    return 0;
}
