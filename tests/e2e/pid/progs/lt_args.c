/* The traced program of the tests of pid probes' stack arguments and descriptions: lt_ten takes
 * ten arguments, the last four on the stack (the x86-64 ABI passes six in registers); main
 * calls it twice. */
#define NI __attribute__((noinline))

NI long lt_ten(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8, long a9) {
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
}

int main(void) {
    long r = lt_ten(1, 2, 3, 4, 5, 6, 7, 8, 9, -10);
    r += lt_ten(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);
    return r == 585 ? 0 : 1;
}
