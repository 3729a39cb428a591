#include <stdio.h>

int good(int x) {
    return x + 1;
}

int broken(int x) {
    if (x > 0 {
        return x;
    }
    return -x;
}

int main(void) {
    printf("%d\n", good(2));
    return 0;
}
