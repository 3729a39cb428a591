/* Lab 8. Recursion: binary search, Fibonacci, GCD */
#include <iostream>
using namespace std;

int binarySearch(const int a[], int lo, int hi, int key)
{
    if (lo > hi)
        return -1;
    int mid = (lo + hi) / 2;
    if (a[mid] == key)
        return mid;
    if (key < a[mid])
        return binarySearch(a, lo, mid - 1, key);
    return binarySearch(a, mid + 1, hi, key);
}

long long fib(int n)
{
    if (n <= 1)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

int main()
{
    const int n = 10;
    int a[n] = {2, 5, 8, 12, 16, 23, 38, 56, 72, 91};
    int key;
    cout << "Enter the number to find: ";
    cin >> key;
    int pos = binarySearch(a, 0, n - 1, key);
    if (pos == -1)
        cout << "Not found" << endl;
    else
        cout << "Found at index " << pos << endl;

    int k;
    cout << "How many Fibonacci numbers? ";
    cin >> k;
    for (int i = 0; i < k; i++)
        cout << fib(i) << " ";
    cout << endl;

    int x, y;
    cout << "Two numbers for GCD: ";
    cin >> x >> y;
    cout << "GCD(" << x << ", " << y << ") = " << gcd(x, y) << endl;
    return 0;
}
