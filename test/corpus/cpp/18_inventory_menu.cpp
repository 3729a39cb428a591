// Лабораторна 8: склад (вектор товарів, меню зі switch)
#include <iostream>
#include <string>
#include <vector>
using namespace std;

struct Item {
    string name;
    int qty;
    double price;
};

int main() {
    vector<Item> items;
    int cmd = -1;
    while (cmd != 0) {
        cout << "1-додати 2-продати 3-поповнити 4-звіт 5-дорогі 6-закінчуються 0-вихід: ";
        cin >> cmd;
        switch (cmd) {
        case 1: {
            Item it;
            cin >> it.name >> it.qty >> it.price;
            items.push_back(it);
            break;
        }
        case 2: {
            string name;
            int n;
            cin >> name >> n;
            bool sold = false;
            for (auto &it : items) {
                if (it.name == name) {
                    if (it.qty >= n) {
                        it.qty -= n;
                        sold = true;
                    } else {
                        cout << "Недостатньо на складі" << endl;
                    }
                }
            }
            if (sold) cout << "Продано" << endl;
            break;
        }
        case 3: {
            string name;
            int n;
            cin >> name >> n;
            for (auto &it : items) {
                if (it.name == name) it.qty += n;
            }
            break;
        }
        case 4: {
            double total = 0;
            for (const auto &it : items) {
                cout << it.name << " " << it.qty << " " << it.price << endl;
                total += it.qty * it.price;
            }
            cout << "Разом: " << total << endl;
            break;
        }
        case 5:
            for (const auto &it : items) {
                if (it.price > 1000) cout << it.name << endl;
            }
            break;
        case 6:
            for (const auto &it : items) {
                if (it.qty < 5) cout << it.name << " (" << it.qty << ")" << endl;
            }
            break;
        case 0:
            cout << "Вихід" << endl;
            break;
        default:
            cout << "Невідома команда" << endl;
        }
    }
    return 0;
}
