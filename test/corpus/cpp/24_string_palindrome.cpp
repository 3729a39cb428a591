#include <iostream>
#include <string>
#include <cctype>
#include <conio.h>
using namespace std;

// ЛР 9. Рядки. Перевірка на паліндром, підрахунок голосних, заміна пробілів

bool isPalindrome(const string &s)
{
    int i = 0, j = (int)s.length() - 1;
    while (i < j) {
        while (i < j && !isalnum((unsigned char)s[i])) i++;
        while (i < j && !isalnum((unsigned char)s[j])) j--;
        if (tolower((unsigned char)s[i]) != tolower((unsigned char)s[j]))
            return false;
        i++;
        j--;
    }
    return true;
}

int countVowels(const string &s)
{
    const string vowels = "aeiouyAEIOUY";
    int count = 0;
    for (char c : s)
        if (vowels.find(c) != string::npos)
            count++;
    return count;
}

int main()
{
    string line;
    cout << "Enter a line: ";
    getline(cin, line);
    if (isPalindrome(line))
        cout << "It is a palindrome" << endl;
    else
        cout << "Not a palindrome" << endl;
    cout << "Vowels: " << countVowels(line) << endl;
    string replaced = line;
    for (size_t k = 0; k < replaced.size(); k++)
        if (replaced[k] == ' ')
            replaced[k] = '_';
    cout << replaced << endl;
    _getch();
    return 0;
}
