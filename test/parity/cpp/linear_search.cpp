#include <iostream>
using namespace std;

int linear_search(int a[], int n, int x) {
    for (int i = 0; i < n; i++) {
        if (a[i] == x) {
            return i;
        }
    }
    return -1;
}

int main() {
    int a[] = {4, 8, 15, 16, 23, 42};
    cout << linear_search(a, 6, 15) << endl;
    return 0;
}
