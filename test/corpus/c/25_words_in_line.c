// ЛР 8: обробка рядків. Подсчёт слов, самое длинное слово, замена регистра
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXLEN 256

int main()
{
    char s[MAXLEN];
    char longest[MAXLEN] = "";
    int i, words = 0, len = 0, start = 0, best = 0;

    system("chcp 1251 > nul");
    printf("Введите строку: ");
    fgets(s, MAXLEN, stdin);
    s[strcspn(s, "\n")] = '\0';

    for (i = 0; s[i] != '\0'; i++) {
        if (s[i] != ' ' && (i == 0 || s[i - 1] == ' ')) {
            words++;
            start = i;
        }
        if (s[i] != ' ' && (s[i + 1] == ' ' || s[i + 1] == '\0')) {
            len = i - start + 1;
            if (len > best) {
                best = len;
                strncpy(longest, s + start, len);
                longest[len] = '\0';
            }
        }
    }

    for (i = 0; s[i]; i++)
        s[i] = toupper((unsigned char)s[i]);

    printf("Слов: %d\n", words);
    printf("Самое длинное слово: %s (%d символов)\n", longest, best);
    printf("В верхнем регистре: %s\n", s);
    return 0;
}
