/* liblt_lib.so: lt_lib:::work fired by lt_lib_work(k) with (k, k * 10, "lib"), and
 * lt_lib:::done once by lt_lib_done(). */
#include <sys/sdt.h>

__attribute__((noinline)) int lt_lib_work(int k) {
    DTRACE_PROBE3(lt_lib, work, k, k * 10, "lib");
    return k + 100;
}

__attribute__((noinline)) void lt_lib_done(void) { DTRACE_PROBE(lt_lib, done); }
