// Лабораторна робота №2
// Тема: одновимірні масиви
// Виконав: студент групи КН-21 Петренко О.
#include <stdio.h>
#include <locale.h>

#define N 20

int main()
{
    setlocale(LC_ALL, "Ukrainian");
    float a[N], suma = 0, serednie;
    int n, i, kilk = 0;

    printf("Введіть кількість елементів масиву (не більше %d): ", N);
    scanf("%d", &n);
    if (n <= 0 || n > N) {
        printf("Помилка! Неправильна кількість елементів.\n");
        return 1;
    }
    // введення масиву
    for (i = 0; i < n; i++) {
        printf("a[%d] = ", i);
        scanf("%f", &a[i]);
        suma += a[i];
    }
    serednie = suma / n;
    /* рахуємо елементи, більші за середнє */
    for (i = 0; i < n; i++)
        if (a[i] > serednie)
            kilk++;
    printf("Середнє арифметичне: %.2f\n", serednie);
    printf("Кількість елементів, більших за середнє: %d\n", kilk);
    system("pause");
    return 0;
}
