/* A floating-point argument: sys/sdt.h writes its spec as "8f@..." and the operand holds the
 * double's bits; lt_float:::flt fires with 1.5, then 2.5. */
#include <sys/sdt.h>

__attribute__((noinline)) void lt_flt(double d) { DTRACE_PROBE1(lt_float, flt, d); }

int main(void) {
    lt_flt(1.5);
    lt_flt(2.5);
    return 0;
}
