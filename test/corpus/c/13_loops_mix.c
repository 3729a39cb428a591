#include <stdio.h>
int main(void) {
    int x;
    do {
        printf("Введіть додатне число: ");
        scanf("%d", &x);
    } while (x <= 0);
    for (;;) {
        if (x == 1) break;
        x = x % 2 == 0 ? x / 2 : 3 * x + 1;
    }
    for (int i = 0, j = 10; i < j; i++, j--) {
        if (i == 3) continue;
        printf("%d %d\n", i, j);
    }
    while (1) {
        x++;
        if (x > 100) break;
    }
    return 0;
}
