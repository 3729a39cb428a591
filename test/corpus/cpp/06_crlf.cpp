#include <iostream>
using namespace std;
int main() {
    int a, b;
    cin >> a >> b;
    if (a % b == 0)
        cout << "ділиться" << endl;
    else
        cout << "не ділиться" << endl;
    return 0;
}
