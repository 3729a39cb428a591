#include <functional>
#include <iostream>
#include <memory>
using namespace std;
class Shape {
public:
    virtual double area() const = 0;
    virtual ~Shape() = default;
};
class Square : public Shape {
    double a;
public:
    explicit Square(double a) : a(a) {}
    double area() const override { return a * a; }
};
int main() {
    auto sq = [](int x) { return x * x; };
    function<int(int)> f = sq;
    unique_ptr<Shape> s = make_unique<Square>(2.0);
    cout << f(5) << " " << s->area() << endl;
    int arr[5] = {};
    for (int i = 4; i >= 0; --i) arr[i] = i;
    for (int i = 0; i != 5; i += 2) cout << arr[i];
    return 0;
}
