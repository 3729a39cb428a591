// Статистика оцінок студентів
#include <iostream>
#include <vector>
using namespace std;

double average(const vector<int>& marks) {
    if (marks.empty()) return 0;
    int sum = 0;
    for (int m : marks) sum += m;
    return (double)sum / marks.size();
}

int main() {
    int n;
    cout << "Кількість оцінок: ";
    cin >> n;
    vector<int> marks(n);
    for (int i = 0; i < n; i++) {
        cin >> marks[i];
    }
    double avg = average(marks);
    cout << "Середній бал: " << avg << endl;
    switch ((int)avg / 30) {
        case 3:
            cout << "Відмінно" << endl;
            break;
        case 2:
            cout << "Добре" << endl;
            break;
        default:
            cout << "Задовільно" << endl;
    }
    return 0;
}
