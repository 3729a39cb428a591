/* Лабораторна 6: операції над матрицею (меню зі switch у циклі) */
#include <stdio.h>
#include <stdlib.h>

#define N 4

int main(void) {
    int a[N][N];
    int i, j, cmd, s, mx, t;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            a[i][j] = rand() % 20 - 5;
    do {
        printf("\n1 - друк  2 - сума  3 - максимум  4 - слід\n");
        printf("5 - транспонувати  6 - від'ємні  7 - суми рядків  8 - обнулити діагональ  0 - вихід\n");
        printf("Ваш вибір: ");
        if (scanf("%d", &cmd) != 1)
            break;
        switch (cmd) {
        case 1:
            for (i = 0; i < N; i++) {
                for (j = 0; j < N; j++)
                    printf("%4d", a[i][j]);
                printf("\n");
            }
            break;
        case 2:
            s = 0;
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    s += a[i][j];
            printf("Сума = %d\n", s);
            break;
        case 3:
            mx = a[0][0];
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    if (a[i][j] > mx)
                        mx = a[i][j];
            printf("Максимум = %d\n", mx);
            break;
        case 4:
            s = 0;
            for (i = 0; i < N; i++)
                s += a[i][i];
            printf("Слід = %d\n", s);
            break;
        case 5:
            for (i = 0; i < N; i++)
                for (j = i + 1; j < N; j++) {
                    t = a[i][j];
                    a[i][j] = a[j][i];
                    a[j][i] = t;
                }
            printf("Транспоновано\n");
            break;
        case 6:
            s = 0;
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    if (a[i][j] < 0)
                        s++;
            printf("Від'ємних: %d\n", s);
            break;
        case 7:
            for (i = 0; i < N; i++) {
                s = 0;
                for (j = 0; j < N; j++)
                    s += a[i][j];
                printf("Рядок %d: %d\n", i + 1, s);
            }
            break;
        case 8:
            for (i = 0; i < N; i++)
                a[i][i] = 0;
            break;
        case 0:
            printf("До побачення!\n");
            break;
        default:
            printf("Невірний пункт меню\n");
        }
    } while (cmd != 0);
    return 0;
}
