#include <algorithm>
#include <iostream>
#include <map>
#include <vector>
using namespace std;
int main() {
    vector<int> v = {5, 3, 9, 1};
    sort(v.begin(), v.end());
    map<string, int> freq;
    string w;
    while (cin >> w) freq[w]++;
    for (const auto& [word, count] : freq) {
        cout << word << ": " << count << "\n";
    }
    auto it = find(v.begin(), v.end(), 9);
    if (it != v.end()) cout << "found at " << (it - v.begin()) << endl;
    for (auto& x : v) x *= 2;
    return 0;
}
