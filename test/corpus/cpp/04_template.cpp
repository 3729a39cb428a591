#include <iostream>
template <typename T>
T max_of(T a, T b) { return a > b ? a : b; }

template <class T, int N>
struct Stack {
    T data[N];
    int top = 0;
    void push(T x) { if (top < N) data[top++] = x; }
    T pop() { return data[--top]; }
};

int main() {
    Stack<int, 10> s;
    for (int i = 0; i < 5; i++) s.push(i * i);
    while (s.top > 0) std::cout << s.pop() << " ";
    std::cout << max_of(3, 7) << std::endl;
}
