// The C++ target: functions in a namespace, a virtual member function, overloads and template
// instances, each called a known number of times:
//   lt::Square::area() const   3 times          returns 49 (side 7)
//   lt::add(long, long)        once: add(2, 3)  returns 5
//   lt::add(long)              once: add(4)     returns 5
//   lt::twice<int>(int)        once: (21)       returns 42
//   lt::twice<long>(long)      once: (50)       returns 100
//   lt_plain(int)              once: (9), extern "C", so not mangled; returns 10
#define NI __attribute__((noinline))

namespace lt {

struct Shape {
    virtual ~Shape() = default;
    virtual long area() const = 0;
};

struct Square : Shape {
    explicit Square(long s) : side(s) {}
    NI long area() const override { return side * side; }
    long side;
};

NI long add(long a, long b) { return a + b; }
NI long add(long a) { return a + 1; }
template <typename T> NI T twice(T v) { return v * 2; }
template int twice<int>(int);
template long twice<long>(long);

}  // namespace lt

extern "C" NI int lt_plain(int a) { return a + 1; }

int main() {
    lt::Square sq(7);
    const lt::Shape& s = sq;
    long total = 0;
    for (int i = 0; i < 3; i++) total += s.area();
    total += lt::add(2, 3) + lt::add(4);
    total += lt::twice<int>(21) + lt::twice<long>(50);
    total += lt_plain(9);
    return total == 3 * 49 + 5 + 5 + 42 + 100 + 10 ? 0 : 1;
}
