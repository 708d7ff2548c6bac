/* The traced program of the pid tests: built with -O0 so each function starts with a frame
 * set-up a uprobe can step over. With an argument it loops (for -p), else it returns. */
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) int lt_work(int a, long b) { return a + (int)b; }
__attribute__((noinline)) long lt_six(long a, long b, long c, long d, long e, long f) {
    return a + b + c + d + e + f;
}
__attribute__((noinline)) void lt_other(void) {}

int main(int argc, char** argv) {
    int s = 0;
    if (argc > 1)
        for (;;) usleep(10000);
    for (int i = 0; i < 3; i++) s += lt_work(42 + i, 7);
    lt_six(1, 2, 3, 4, 5, 6);
    lt_other();
    return s == 0;
}
