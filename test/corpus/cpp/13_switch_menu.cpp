#include <iostream>
using namespace std;
void show() { cout << "1 - add, 2 - list, 0 - exit" << endl; }
int main() {
    int cmd;
    int items = 0;
    do {
        show();
        cin >> cmd;
        switch (cmd) {
        case 1:
            items++;
            cout << "added" << endl;
            break;
        case 2:
            for (int i = 0; i < items; i++) cout << i << ' ';
            cout << endl;
            break;
        case 0:
            cout << "До побачення" << endl;
            break;
        default:
            cout << "?" << endl;
            break;
        }
    } while (cmd != 0);
    return 0;
}
