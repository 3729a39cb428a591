/* Лабораторна 4: конвертер одиниць (меню з switch) */
#include <stdio.h>

int main(void) {
    int choice;
    double x, y;
    do {
        printf("1 - км у милі\n2 - милі у км\n3 - C у F\n4 - F у C\n");
        printf("5 - кг у фунти\n6 - фунти у кг\n7 - л у галони\n8 - галони у л\n0 - вихід\n");
        scanf("%d", &choice);
        if (choice >= 1 && choice <= 8) {
            printf("Значення: ");
            scanf("%lf", &x);
        }
        switch (choice) {
        case 1:
            y = x / 1.609;
            printf("%.2f миль\n", y);
            break;
        case 2:
            y = x * 1.609;
            printf("%.2f км\n", y);
            break;
        case 3:
            y = x * 9 / 5 + 32;
            printf("%.1f F\n", y);
            break;
        case 4:
            y = (x - 32) * 5 / 9;
            printf("%.1f C\n", y);
            break;
        case 5:
            y = x * 2.2046;
            printf("%.2f lb\n", y);
            break;
        case 6:
            y = x / 2.2046;
            printf("%.2f кг\n", y);
            break;
        case 7:
            y = x / 3.785;
            printf("%.2f gal\n", y);
            break;
        case 8:
            y = x * 3.785;
            printf("%.2f л\n", y);
            break;
        case 0:
            printf("Бувай\n");
            break;
        default:
            printf("Немає такого пункту\n");
        }
    } while (choice != 0);
    return 0;
}
