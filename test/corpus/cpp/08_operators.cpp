#include <iostream>
struct Vec {
    double x, y;
    Vec operator+(const Vec& o) const { return {x + o.x, y + o.y}; }
    bool operator==(const Vec& o) const { return x == o.x && y == o.y; }
};
std::ostream& operator<<(std::ostream& os, const Vec& v) {
    os << "(" << v.x << ", " << v.y << ")";
    return os;
}
int main() {
    Vec a{1, 2}, b{3, 4};
    Vec c = a + b;
    std::cout << c << std::endl;
    if (c == Vec{4, 6}) std::cout << "ok\n";
}
