#include <iostream>
using namespace std;

int digit_sum(int n) {
    int s = 0;
    while (n > 0) {
        s += n % 10;
        n /= 10;
    }
    return s;
}

int main() {
    int n;
    cin >> n;
    cout << digit_sum(n) << endl;
    return 0;
}
