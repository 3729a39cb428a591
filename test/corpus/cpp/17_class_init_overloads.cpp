// Лабораторна 8: клас з ініціалізаторами, перевантаження, умовна компіляція.
#include <iostream>
#include <vector>
#include <algorithm>
#include <numeric>
using namespace std;

class Account {
    string owner;
    double balance;
    int operations;
public:
    Account(const string &name, double start) : owner(name), balance(start), operations{0} {
        cout << "Рахунок " << owner << " відкрито" << endl;
    }
    void deposit(double amount) {
        balance += amount > 0 ? amount : 0;
        operations++;
    }
    double total() const { return balance; }
};

double average(const vector<int> &v) {
    return v.empty() ? 0.0 : static_cast<double>(std::accumulate(v.begin(), v.end(), 0)) / v.size();
}

double average(const vector<double> &v) {
    double s = 0;
    for (double x : v) s += x;
    return s / v.size();
}

int main() {
    vector<int> marks = {5, 4, 3, 5, 2};
#if 1
    std::sort(marks.begin(), marks.end());
#else
    std::sort(marks.rbegin(), marks.rend());
#endif
#ifdef VERBOSE
    cout << "marks sorted" << endl;
#endif
    Account acc("Олена", 100.0);
    acc.deposit(50);
    int passed = std::count_if(marks.begin(), marks.end(), [](int m) { return m >= 3; });
    string verdict = passed == (int)marks.size() ? "усі склали" : "є боржники";
    cout << verdict << '\n';
    cout << (average(marks) >= 4 ? "добре" : "задовільно") << endl;
    cout << endl;
    cin.get();
    return 0;
}
