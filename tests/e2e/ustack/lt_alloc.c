/* The traced program of the ustack aggregation tests through the C library: lt_dup calls
 * strdup() five times, and strdup() calls malloc(). Built with frame pointers (lt_alloc), but
 * Debian's C library has none, so the frame-pointer walk from malloc loses strdup's caller.
 * With an argument, lt_dup2 then calls strdup() twice, called from the same place in main (a
 * function pointer): the two paths' frame-pointer walks are the same. */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void lt_dup(int n) {
    for (int i = 0; i < n; ++i) free(strdup("bdtrace"));
}

__attribute__((noinline)) void lt_dup2(int n) {
    for (int i = 0; i < n; ++i) free(strdup("bdtrace2"));
}

int main(int argc, char** argv) {
    (void)argv;
    void (*volatile fns[2])(int) = {lt_dup, lt_dup2};
    int calls = argc > 1 ? 2 : 1;
    for (int i = 0; i < calls; ++i) fns[i](i == 0 ? 5 : 2);
    return 0;
}
