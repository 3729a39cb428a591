#include <iostream>
namespace geo {
    const double PI = 3.14159;
    double circle_area(double r) { return PI * r * r; }
    namespace detail {
        int clamp(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
    }
}
int main() {
    double r;
    std::cin >> r;
    std::cout << geo::circle_area(r) << std::endl;
    std::cout << geo::detail::clamp(15, 0, 10) << std::endl;
    return 0;
}
