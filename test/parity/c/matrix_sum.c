#include <stdio.h>
#define N 3

int matrix_sum(int m[N][N], int rows, int cols) {
    int s = 0;
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            s += m[i][j];
        }
    }
    return s;
}

int main(void) {
    int m[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    printf("%d\n", matrix_sum(m, N, N));
    return 0;
}
