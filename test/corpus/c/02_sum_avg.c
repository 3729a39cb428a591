#include <stdio.h>
/* Лабораторна робота №1: сума та середнє */
int main(void)
{
    int n, i;
    double sum = 0, x;
    printf("Введіть n: ");
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%lf", &x);   // читаємо число
        sum += x;
    }
    if (n > 0)
        printf("Середнє = %.2f\n", sum / n);
    else
        puts("Немає даних");
    return 0;
}
