#include <iostream>
#include <string>
using namespace std;

class Account {
    string owner;
    double balance;
public:
    Account(const string& o, double b) : owner(o), balance(b) {}
    ~Account() { cout << "bye " << owner << endl; }
    void deposit(double x) {
        if (x <= 0) throw invalid_argument("amount");
        balance += x;
    }
    bool withdraw(double x);
    double get() const { return balance; }
};

bool Account::withdraw(double x) {
    if (x > balance) return false;
    balance -= x;
    return true;
}

int main() {
    Account a("Ivan", 100);
    a.deposit(50);
    if (!a.withdraw(500)) cerr << "Недостатньо коштів" << endl;
    cout << a.get() << endl;
}
