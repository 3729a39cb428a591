#include <stdio.h>

int main(void) {
    char op;
    double a, b, r = 0;
    int ok = 1;
    scanf("%lf %c %lf", &a, &op, &b);
    switch (op) {
        case '+': r = a + b; break;
        case '-': r = a - b; break;
        case '*':
        case 'x': r = a * b; break;
        case '/':
            if (b == 0) {
                ok = 0;
                break;
            }
            r = a / b;
            break;
        default:
            ok = 0;
    }
    if (ok) printf("%g\n", r); else printf("Помилка\n");
    return 0;
}
