#include <iostream>
#include <vector>
using namespace std;

double average(const vector<double>& v) {
    if (v.empty()) return 0;
    double s = 0;
    for (double x : v) s += x;
    return s / v.size();
}

int main() {
    int n;
    cout << "n = ";
    cin >> n;
    vector<double> v(n);
    for (int i = 0; i < n; ++i) cin >> v[i];
    cout << "Середнє: " << average(v) << '\n';
    return 0;
}
