/*
 * ЛР 9. Робота з файлами.
 * Прочитати цілі числа з файлу input.txt, порахувати суму, кількість додатних
 * та середнє, результат записати у файл output.txt
 */
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>

int main(void)
{
    SetConsoleCP(1251);
    SetConsoleOutputCP(1251);
    FILE *in, *out;
    int x, count = 0, positive = 0;
    long sum = 0;
    double avg;

    in = fopen("input.txt", "r");
    if (in == NULL) {
        printf("Не вдалося відкрити файл input.txt\n");
        system("pause");
        return 1;
    }
    while (fscanf(in, "%d", &x) == 1) {
        sum += x;
        count++;
        if (x > 0)
            positive++;
    }
    fclose(in);

    if (count > 0)
        avg = (double)sum / count;
    else
        avg = 0;

    out = fopen("output.txt", "w");
    fprintf(out, "Кількість чисел: %d\n", count);
    fprintf(out, "Сума: %ld\n", sum);
    fprintf(out, "Додатних: %d\n", positive);
    fprintf(out, "Середнє: %.3f\n", avg);
    fclose(out);

    printf("Результати записано у output.txt\n");
    system("pause");
    return 0;
}
