/* Лабораторна 6: перевірка дужок у рядку (стек на масиві) */
#include <stdio.h>
#include <string.h>

#define MAX 256

int check(const char *s) {
    char stack[MAX];
    int top = 0;
    int i;
    for (i = 0; s[i] != '\0'; i++) {
        char c = s[i];
        if (c == '(' || c == '[' || c == '{') {
            if (top == MAX) {
                return -1;
            }
            stack[top++] = c;
        } else if (c == ')' || c == ']' || c == '}') {
            if (top == 0) {
                return i + 1;
            }
            char open = stack[--top];
            if (c == ')') {
                if (open != '(') {
                    return i + 1;
                }
            } else if (c == ']') {
                if (open != '[') {
                    return i + 1;
                }
            } else {
                if (open != '{') {
                    return i + 1;
                }
            }
        }
    }
    if (top != 0) {
        return (int)strlen(s) + 1;
    }
    return 0;
}

int main(void) {
    char line[MAX];
    printf("Рядок: ");
    if (fgets(line, MAX, stdin) == NULL) {
        return 1;
    }
    line[strcspn(line, "\n")] = '\0';
    int pos = check(line);
    if (pos == 0) {
        printf("Дужки збалансовані\n");
    } else if (pos < 0) {
        printf("Переповнення стеку\n");
    } else {
        printf("Помилка в позиції %d\n", pos);
    }
    return 0;
}
