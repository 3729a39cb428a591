/* Лабораторна 7: масив, умовна компіляція, тернарні вирази. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEBUG
#define N 10

int max_of(int a, int b) {
    return a > b ? a : b;
}

void print_array(const int *a, int n) {
    for (int i = 0; i < n; i++)
        printf("%d ", a[i]);
    printf("\n");
}

int main(void) {
    int a[N];
    const char *title = "Масив";
    int n, sign;
    char line[64];
    printf("n = ");
    scanf("%d", &n);
    getchar();
#ifdef DEBUG
    printf("debug: n=%d\n", n);
#else
    printf("release\n");
#endif
#if 0
    old_algorithm(a, n);
#endif
    for (int i = 0; i < n; i++)
        a[i] = rand() % 100 - 50;
    sign = n % 2 == 0 ? 1 : -1;
    printf("%s: ", title);
    print_array(a, n);
    int best = a[0];
    for (int i = 1; i < n; i++)
        best = max_of(best, a[i]);
    printf("%s\n", best > 0 ? "додатний" : "недодатний");
    fgets(line, sizeof(line), stdin);
    line[strcspn(line, "\n")] = '\0';
    int *copy = (int *)malloc(n * sizeof(int));
    memcpy(copy, a, n * sizeof(int));
    qsort(copy, (size_t)n, sizeof(int), (int (*)(const void *, const void *))compare_ints_in_ascending_order_for_the_report);
    printf("\n");
    free(copy);
    return 0;
}
