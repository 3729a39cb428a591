#include <iostream>
using namespace std;

int prime_test(int n) {
    if (n < 2) {
        return 0;
    }
    for (int d = 2; d * d <= n; d++) {
        if (n % d == 0) {
            return 0;
        }
    }
    return 1;
}

int main() {
    int n;
    cin >> n;
    cout << prime_test(n) << endl;
    return 0;
}
