/* Calls lt_sr_m and lt_sr_p (lt_sharedret.S) from lt_sr_outer: the -F test of a return site
 * two functions share. */
long lt_sr_m(long);
long lt_sr_p(long);

volatile long lt_sr_sum;

__attribute__((noinline)) long lt_sr_outer(long x) {
    return lt_sr_m(x) + lt_sr_p(x) + lt_sr_m(x + 1);
}

int main(void) {
    lt_sr_sum = lt_sr_outer(1) + lt_sr_outer(2);
    return lt_sr_sum == 19 ? 0 : 1;
}
