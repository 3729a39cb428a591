#include <stdio.h>
#include <string.h>
#include <ctype.h>

int count_vowels(const char *s) {
    int c = 0;
    for (size_t i = 0; i < strlen(s); i++) {
        switch (tolower(s[i])) {
            case 'a': case 'e': case 'i': case 'o': case 'u':
                c++;
        }
    }
    return c;
}

int main(void) {
    char line[256];
    fgets(line, sizeof line, stdin);
    line[strcspn(line, "\n")] = '\0';
    printf("Голосних: %d\n", count_vowels(line));
    return 0;
}
