#include <iostream>
using namespace std;

long factorial_loop(int n) {
    long result = 1;
    for (int i = 2; i <= n; i++) {
        result *= i;
    }
    return result;
}

int main() {
    int n;
    cin >> n;
    cout << factorial_loop(n) << endl;
    return 0;
}
