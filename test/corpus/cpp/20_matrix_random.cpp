#include <iostream>
#include <iomanip>
#include <cstdlib>
#include <ctime>
using namespace std;

// ЛР 6. Двовимірні масиви: заповнити випадковими, транспонувати,
// знайти максимум у кожному рядку та суму головної діагоналі

const int N = 5;

void fill(int m[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = rand() % 21 - 10;
}

void show(int m[N][N]) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            cout << setw(5) << m[i][j];
        cout << endl;
    }
}

void transpose(int m[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) {
            int t = m[i][j];
            m[i][j] = m[j][i];
            m[j][i] = t;
        }
}

int main() {
    setlocale(LC_ALL, "ukr");
    srand(time(0));
    int a[N][N];
    fill(a);
    cout << "Матриця:" << endl;
    show(a);
    for (int i = 0; i < N; i++) {
        int mx = a[i][0];
        for (int j = 1; j < N; j++)
            if (a[i][j] > mx) mx = a[i][j];
        cout << "Максимум рядка " << i + 1 << ": " << mx << endl;
    }
    int diag = 0;
    for (int i = 0; i < N; i++) diag += a[i][i];
    cout << "Сума діагоналі = " << diag << endl;
    transpose(a);
    cout << "Транспонована:" << endl;
    show(a);
    system("pause");
    return 0;
}
