#include <iostream>
using namespace std;

int square(int x) {
    return x * x;
}

int cube(int x) {
    int r = x * x * x
    return r;
}

int main() {
    cout << square(3) << endl;
    return 0;
}
