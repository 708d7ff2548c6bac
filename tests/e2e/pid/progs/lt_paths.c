/* The target of the tests of where a pid probe's uprobes go (issue 20): built with
 * -fcf-protection=full, so that every function starts with endbr64 (which the kernel
 * single-steps; the entry uprobe goes to the next instruction), and run once:
 *   lt_six(1, ..., 6)   3 times                                  returns 21
 *   lt_two(i)           i = 0..5: odd i return 3 * i, even i 100 + i (two paths to the return)
 *   lt_mid(i)           i = 0..3 under a setjmp(): calls lt_deep(i), which longjmp()s out when
 *                       i == 2 (neither lt_deep(2) nor lt_mid(2) returns); lt_mid returns i + 7
 *   lt_leaf(i)          i = 0..4, a leaf that returns i * i
 * Built at -O0 with noinline functions. */
#include <setjmp.h>

#define NI __attribute__((noinline))

static volatile int lt_sink;
static jmp_buf lt_jb;

NI long lt_six(long a, long b, long c, long d, long e, long f) { return a + b + c + d + e + f; }
NI int lt_two(int i) {
    if (i & 1) return 3 * i;
    lt_sink = i;
    return 100 + i;
}
NI void lt_deep(int i) {
    if (i == 2) longjmp(lt_jb, 1);
    lt_sink = i;
}
NI int lt_mid(int i) {
    lt_deep(i);
    return i + 7;
}
NI int lt_leaf(int i) { return i * i; }

int main(void) {
    for (int i = 0; i < 3; i++) lt_six(1, 2, 3, 4, 5, 6);
    for (int i = 0; i < 6; i++) lt_two(i);
    for (volatile int i = 0; i < 4; i++)
        if (setjmp(lt_jb) == 0) lt_mid(i);
    for (int i = 0; i < 5; i++) lt_leaf(i);
    return 0;
}
