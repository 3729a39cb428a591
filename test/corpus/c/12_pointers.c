#include <stdio.h>
#include <stdlib.h>
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n <= 0) {
        fprintf(stderr, "bad input\n");
        exit(1);
    }
    int *arr = (int *)malloc(n * sizeof(int));
    if (!arr) return 1;
    for (int i = 0; i < n; i++) arr[i] = rand() % 100;
    for (int i = 0; i < n / 2; i++) swap(&arr[i], &arr[n - 1 - i]);
    free(arr);
    return 0;
}
