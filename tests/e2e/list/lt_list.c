/* The program the pid listing tests list: functions of known names, one wider than the
 * FUNCTION column. Built with -O0. With an argument it waits (for -p), else it returns. */
#include <unistd.h>

__attribute__((noinline)) int lt_first(int a) { return a + 1; }
__attribute__((noinline)) int lt_second(int a) { return a * 2; }
__attribute__((noinline)) int lt_a_function_wider_than_its_column(int a) { return a - 1; }

int main(int argc, char** argv) {
    (void)argv;
    if (argc > 1)
        for (;;) usleep(10000);
    return lt_first(1) + lt_second(2) + lt_a_function_wider_than_its_column(3) == 0;
}
