#include <iostream>
#include <stdexcept>
using namespace std;
int parse(const string& s) {
    if (s.empty()) throw runtime_error("empty");
    return stoi(s);
}
int main() {
    string line;
    getline(cin, line);
    try {
        int v = parse(line);
        cout << v * 2 << endl;
    } catch (const invalid_argument& e) {
        cerr << "not a number: " << e.what() << endl;
    } catch (...) {
        cerr << "error" << endl;
        return 1;
    }
    return 0;
}
