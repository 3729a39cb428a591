#include <iostream>
#define FOR(i, n) for (int i = 0; i < (n); ++i)
#define DEBUG 1
#if DEBUG
#define LOG(x) std::cerr << x << std::endl
#else
#define LOG(x)
#endif
int main() {
    int total = 0;
    FOR(i, 10) {
        total += i;
    }
#ifdef DEBUG
    LOG("total computed");
#endif
    std::cout << total << std::endl;
    return 0;
}
