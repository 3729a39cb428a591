#include <iostream>
#include <windows.h>
#include <cmath>
using namespace std;

// Лаб. 3 — розгалуження. Визначити вид трикутника за трьома сторонами
int main()
{
    SetConsoleCP(1251);
    SetConsoleOutputCP(1251);
    double a, b, c;
    cout << "Введіть сторони трикутника a, b, c: ";
    cin >> a >> b >> c;
    if (a + b <= c || a + c <= b || b + c <= a)
    {
        cout << "Трикутник з такими сторонами не існує" << endl;
    }
    else
    {
        if (a == b && b == c)
            cout << "Рівносторонній трикутник" << endl;
        else if (a == b || b == c || a == c)
            cout << "Рівнобедрений трикутник" << endl;
        else
            cout << "Різносторонній трикутник" << endl;
        double p = (a + b + c) / 2; // півпериметр
        double s = sqrt(p * (p - a) * (p - b) * (p - c));
        cout << "Площа = " << s << endl;
    }
    return 0;
}
