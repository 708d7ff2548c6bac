/* The traced program of the ustack tests: main -> lt_top -> lt_mid -> lt_leaf, each in its own
 * frame (noinline, -O0). Built twice by build_prog.sh: with frame pointers (lt_fp) and without
 * (lt_nofp), where only an unwinder that reads .eh_frame finds the callers. With an argument it
 * loops (for -p). */
#include <unistd.h>

volatile int lt_sink;

__attribute__((noinline)) int lt_leaf(int a) {
    lt_sink += a;
    return lt_sink * 2;
}

__attribute__((noinline)) int lt_mid(int a) {
    int r = lt_leaf(a + 1);
    return r + 1;
}

__attribute__((noinline)) int lt_top(int a) {
    int r = lt_mid(a + 1);
    return r + 1;
}

int main(int argc, char** argv) {
    (void)argv;
    if (argc > 1)
        for (;;) {
            lt_top(1);
            usleep(10000);
        }
    lt_top(1);
    return 0;
}
