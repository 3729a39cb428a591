#include <stdio.h>
#define R 3
#define C 4
void read_matrix(int m[R][C]) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            scanf("%d", &m[i][j]);
}
void print_matrix(int m[R][C]) {
    for (int i = 0; i < R; i++) {
        for (int j = 0; j < C; j++) printf("%4d", m[i][j]);
        putchar('\n');
    }
}
int main(void) {
    int m[R][C];
    read_matrix(m);
    print_matrix(m);
    return 0;
}
