#include <iostream>
int twice(int v) { return 2 * v; }
int main() {
    for (int i = 0; i < 3; i++) {
        std::cout << twice(i) << std::endl;
    return 0;
}
