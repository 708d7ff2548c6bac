/* The profiled program of the ustack() key tests: main -> lt_path_a -> lt_spin_leaf and
 * main -> lt_path_b -> lt_spin_leaf, each path spinning for about a quarter of a second of CPU
 * time. Built at -O2 without frame pointers, so rbp holds data and the kernel's frame-pointer
 * walk cannot leave lt_spin_leaf; only .eh_frame gives the callers. */
#include <time.h>

volatile unsigned long lt_sink;

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

__attribute__((noinline)) unsigned long lt_spin_leaf(unsigned long n, unsigned long k) {
    unsigned long a = k, b = k * 3, c = k ^ 0x55, d = n;
    for (unsigned long i = 0; i < n; i++) {
        a = a * 6364136223846793005ul + b;
        b ^= a >> 7;
        c += b * d;
        d = (d << 1) | (c >> 63);
    }
    return a + b + c + d;
}

__attribute__((noinline)) void lt_path_a(double until) {
    while (cpu_seconds() < until) lt_sink += lt_spin_leaf(100000, lt_sink);
}

__attribute__((noinline)) void lt_path_b(double until) {
    while (cpu_seconds() < until) lt_sink += lt_spin_leaf(100000, lt_sink + 1);
}

int main(void) {
    double start = cpu_seconds();
    lt_path_a(start + 0.25);
    lt_path_b(start + 0.5);
    return 0;
}
