// C++ exceptions for libstdc++'s own USDT probes (libstdcxx:::throw, catch, rethrow): throws
// the int 42 and catches it; throws std::runtime_error("lt"), catches it, rethrows it and
// catches it again. Prints "caught 42" and "caught lt twice".
#include <cstdio>
#include <stdexcept>

__attribute__((noinline)) void lt_throw_int() { throw 42; }

__attribute__((noinline)) void lt_rethrow() {
    try {
        throw std::runtime_error("lt");
    } catch (...) {
        throw;
    }
}

int main() {
    try {
        lt_throw_int();
    } catch (int v) {
        std::printf("caught %d\n", v);
    }
    try {
        lt_rethrow();
    } catch (const std::runtime_error& e) {
        std::printf("caught %s twice\n", e.what());
    }
    return 0;
}
