#include <stdio.h>
unsigned long long power(unsigned long long b, unsigned e) {
    if (e == 0) return 1;
    unsigned long long h = power(b, e / 2);
    return e % 2 ? h * h * b : h * h;
}
void hanoi(int n, char from, char to, char via) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    printf("%c -> %c\n", from, to);
    hanoi(n - 1, via, to, from);
}
int main(void) {
    printf("%llu\n", power(2, 10));
    hanoi(3, 'A', 'C', 'B');
    return 0;
}
