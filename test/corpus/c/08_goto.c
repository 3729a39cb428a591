#include <stdio.h>
int main(void) {
    int i = 0;
start:
    i++;
    if (i < 5) goto start;
    printf("%d\n", i);
    return 0;
}
