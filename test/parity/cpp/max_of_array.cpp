#include <iostream>
using namespace std;

int max_of_array(int a[], int n) {
    int m = a[0];
    for (int i = 1; i < n; i++) {
        if (a[i] > m) {
            m = a[i];
        }
    }
    return m;
}

int main() {
    int a[] = {3, 9, 2, 7};
    cout << max_of_array(a, 4) << endl;
    return 0;
}
