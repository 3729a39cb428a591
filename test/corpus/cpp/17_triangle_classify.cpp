// Лабораторна 2: класифікація трикутника за сторонами і кутами
#include <iostream>
#include <algorithm>
using namespace std;

int main() {
    double a, b, c;
    cout << "Сторони: ";
    cin >> a >> b >> c;
    if (a > b) swap(a, b);
    if (b > c) swap(b, c);
    if (a > b) swap(a, b);
    if (a <= 0) {
        cout << "Сторони мають бути додатні" << endl;
    } else if (a + b <= c) {
        cout << "Трикутник не існує" << endl;
    } else {
        if (a == c) {
            cout << "Рівносторонній" << endl;
        } else if (a == b || b == c) {
            cout << "Рівнобедрений" << endl;
        } else {
            cout << "Різносторонній" << endl;
        }
        double d = a * a + b * b - c * c;
        if (d == 0) {
            cout << "Прямокутний" << endl;
        } else if (d > 0) {
            cout << "Гострокутний" << endl;
        } else {
            cout << "Тупокутний" << endl;
        }
        double p = (a + b + c) / 2;
        cout << "Периметр: " << 2 * p << endl;
    }
    return 0;
}
