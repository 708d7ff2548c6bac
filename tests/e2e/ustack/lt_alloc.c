/* The traced program of the ustack aggregation tests through the C library: lt_dup calls
 * strdup() five times, and strdup() calls malloc(). Built with frame pointers (lt_alloc), but
 * Debian's C library has none, so the frame-pointer walk from malloc loses strdup's caller. */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void lt_dup(int n) {
    for (int i = 0; i < n; ++i) free(strdup("bdtrace"));
}

int main(void) {
    lt_dup(5);
    return 0;
}
