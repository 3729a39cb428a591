/* Лабораторна 3. Перевірка введення.
   Програма просить ввести місяць (1..12) і рік, поки не буде введено коректні значення,
   і виводить кількість днів у місяці. */
#include <stdio.h>

int isLeap(int year)
{
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int daysInMonth(int month, int year)
{
    switch (month) {
    case 2:
        return isLeap(year) ? 29 : 28;
    case 4:
    case 6:
    case 9:
    case 11:
        return 30;
    default:
        return 31;
    }
}

int main(void)
{
    int month, year, ok;

    do {
        printf("Введіть номер місяця (1-12): ");
        ok = scanf("%d", &month);
        while (getchar() != '\n')
            ;
        if (ok != 1 || month < 1 || month > 12)
            printf("Помилка! Спробуйте ще раз.\n");
    } while (ok != 1 || month < 1 || month > 12);

    do {
        printf("Введіть рік: ");
        ok = scanf("%d", &year);
        while (getchar() != '\n')
            ;
    } while (ok != 1 || year <= 0);

    printf("У місяці %d року %d - %d днів\n", month, year, daysInMonth(month, year));
    if (isLeap(year))
        printf("Рік високосний\n");
    else
        printf("Рік не високосний\n");
    return 0;
}
