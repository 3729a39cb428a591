// Лабораторна робота №5. Масиви
// Студент гр. КН-11 Петренко О.
// Завдання: заповнити масив випадковими числами, знайти мін і макс, відсортувати бульбашкою
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <locale.h>

#define N 15

int main()
{
    setlocale(LC_ALL, "Ukrainian");
    srand(time(NULL));
    int a[N];
    int i, j, tmp;
    int min, max, imin = 0, imax = 0;

    for (i = 0; i < N; i++)
        a[i] = rand() % 100 - 50;

    printf("Початковий масив:\n");
    for (i = 0; i < N; i++)
        printf("%4d", a[i]);
    printf("\n");

    min = a[0]; max = a[0];
    for (i = 1; i < N; i++) {
        if (a[i] < min) { min = a[i]; imin = i; }
        if (a[i] > max) { max = a[i]; imax = i; }
    }
    printf("Мінімум = %d (індекс %d)\n", min, imin);
    printf("Максимум = %d (індекс %d)\n", max, imax);

    /* сортування бульбашкою */
    for (i = 0; i < N - 1; i++)
        for (j = 0; j < N - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                tmp = a[j];
                a[j] = a[j + 1];
                a[j + 1] = tmp;
            }

    printf("Відсортований масив:\n");
    for (i = 0; i < N; i++)
        printf("%4d", a[i]);
    printf("\n");
    system("pause");
    return 0;
}
