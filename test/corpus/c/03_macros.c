#include <stdio.h>
#include <stdlib.h>
#define MAX 100
#define SQR(x) ((x) * (x))
#ifdef _WIN32
#define CLEAR "cls"
#else
#define CLEAR "clear"
#endif

static int table[MAX];

int fill(int n) {
    int i;
    for (i = 0; i < n && i < MAX; ++i)
        table[i] = SQR(i);
    return i;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
#if DEBUG
    fprintf(stderr, "debug n=%d\n", n);
#endif
    n = fill(n);
    for (int k = n - 1; k >= 0; k--) printf("%d\n", table[k]);
    system(CLEAR);
    return EXIT_SUCCESS;
}
