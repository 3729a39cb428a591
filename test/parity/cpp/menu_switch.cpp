#include <iostream>
using namespace std;

void menu_switch(int choice) {
    switch (choice) {
    case 1:
        cout << "New game" << endl;
        break;
    case 2:
        cout << "Load game" << endl;
        break;
    case 3:
        cout << "Settings" << endl;
        break;
    default:
        cout << "Unknown" << endl;
    }
}

int main() {
    int choice;
    cin >> choice;
    menu_switch(choice);
    return 0;
}
