/* liblt_lib.so: lt_lib:::work fired by lt_lib_work(k) with (k, k * 10, "lib"), and
 * lt_lib:::done once by lt_lib_done(). The string is on the stack: a page of .rodata nothing
 * has touched is not mapped in yet, and copyinstr() cannot fault it in (DTrace cannot either). */
#include <string.h>
#include <sys/sdt.h>

__attribute__((noinline)) int lt_lib_work(int k) {
    volatile char name[4];
    memcpy((char*)name, "lib", 4);
    DTRACE_PROBE3(lt_lib, work, k, k * 10, name);
    return k + 100;
}

__attribute__((noinline)) void lt_lib_done(void) { DTRACE_PROBE(lt_lib, done); }
