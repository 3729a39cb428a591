// Лабораторна 11: файли. Зчитати оцінки студентів з файлу grades.txt
// (у кожному рядку: прізвище та оцінка), знайти середній бал, кращого студента,
// записати до report.txt тих, хто має оцінку нижче середньої.
#include <iostream>
#include <fstream>
#include <string>
#include <vector>
using namespace std;

struct Student {
    string name;
    int grade;
};

int main()
{
    setlocale(LC_ALL, "Ukrainian");
    ifstream fin("grades.txt");
    if (!fin.is_open()) {
        cerr << "Файл grades.txt не знайдено" << endl;
        return 1;
    }
    vector<Student> list;
    Student s;
    while (fin >> s.name >> s.grade)
        list.push_back(s);
    fin.close();

    if (list.empty()) {
        cout << "Файл порожній" << endl;
        return 0;
    }

    double sum = 0;
    size_t best = 0;
    for (size_t i = 0; i < list.size(); i++) {
        sum += list[i].grade;
        if (list[i].grade > list[best].grade)
            best = i;
    }
    double avg = sum / list.size();

    ofstream fout("report.txt");
    fout << "Середній бал: " << avg << endl;
    for (const Student& st : list)
        if (st.grade < avg)
            fout << st.name << " " << st.grade << endl;
    fout.close();

    cout << "Середній бал: " << avg << endl;
    cout << "Найкращий: " << list[best].name << " (" << list[best].grade << ")" << endl;
    return 0;
}
