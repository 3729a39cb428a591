// Лабораторна робота 10. Класи
// Клас "Банківський рахунок" з методами поповнення, зняття та виведення
#include <iostream>
#include <string>
#include <windows.h>
using namespace std;

class Account {
private:
    string owner;
    double balance;
public:
    Account(string name, double start) {
        owner = name;
        balance = start;
    }
    void deposit(double sum) {
        if (sum <= 0) {
            cout << "Сума має бути додатною" << endl;
            return;
        }
        balance += sum;
    }
    bool withdraw(double sum) {
        if (sum > balance) {
            cout << "Недостатньо коштів!" << endl;
            return false;
        }
        balance -= sum;
        return true;
    }
    void print() {
        cout << "Власник: " << owner << ", баланс: " << balance << " грн" << endl;
    }
};

int main() {
    SetConsoleCP(1251);
    SetConsoleOutputCP(1251);
    string name;
    double sum;
    cout << "Ім'я власника: ";
    getline(cin, name);
    Account acc(name, 0);
    int choice;
    do {
        cout << "1 - поповнити\n2 - зняти\n3 - баланс\n0 - вихід\n";
        cin >> choice;
        switch (choice) {
        case 1:
            cout << "Сума: ";
            cin >> sum;
            acc.deposit(sum);
            break;
        case 2:
            cout << "Сума: ";
            cin >> sum;
            if (acc.withdraw(sum))
                cout << "Видано " << sum << " грн" << endl;
            break;
        case 3:
            acc.print();
            break;
        }
    } while (choice != 0);
    system("pause");
    return 0;
}
