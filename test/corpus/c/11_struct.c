#include <stdio.h>
typedef struct {
    char name[32];
    int age;
} Student;

struct Point { int x, y; };

double avg_age(Student *s, int n) {
    double sum = 0;
    for (int i = 0; i < n; i++) sum += s[i].age;
    return n ? sum / n : 0.0;
}

int main(void) {
    Student group[3] = {{"Іван", 19}, {"Олена", 18}, {"Петро", 20}};
    struct Point p = {1, 2};
    p.x += p.y;
    printf("%.1f %d\n", avg_age(group, 3), p.x);
    return 0;
}
