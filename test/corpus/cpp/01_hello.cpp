#include <iostream>
int main() { std::cout << "Привіт, світ!" << std::endl; return 0; }
