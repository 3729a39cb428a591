#include <stdio.h>
int helper(int v) {
    return v * 2;
}
int main(void) {
    int k = helper(4);
    printf("%d\n", k);
    if (k > 3) {
        printf("big\n");
    return 0;
}
