/**
 * Лабораторна робота 5. Автор: студент групи КН-21
 */
#include <iostream> // потоки
using namespace std; /* простір імен */
// Обчислює факторіал
long long fact(int n) /* рекурсія */ {
    // база
    if (n < 2) /* мала */ return 1;
    return n * fact(n - 1); // крок
}
int main() {
    int n; /* число */
    cin >> n; // ввід
    cout << n << "! = " << fact(n) << endl; // вивід
    /* return 0; */
}
