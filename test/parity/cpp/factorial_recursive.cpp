#include <iostream>
using namespace std;

long factorial_recursive(int n) {
    if (n <= 1) {
        return 1;
    }
    return n * factorial_recursive(n - 1);
}

int main() {
    int n;
    cin >> n;
    cout << factorial_recursive(n) << endl;
    return 0;
}
