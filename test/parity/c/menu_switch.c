#include <stdio.h>

void menu_switch(int choice) {
    switch (choice) {
    case 1:
        printf("New game\n");
        break;
    case 2:
        printf("Load game\n");
        break;
    case 3:
        printf("Settings\n");
        break;
    default:
        printf("Unknown\n");
    }
}

int main(void) {
    int choice;
    scanf("%d", &choice);
    menu_switch(choice);
    return 0;
}
