/* One probe written 1000 times in main (lt_many:::site): one probe with 1000 sites, each
 * passing the next value of a counter (0..999), so the firings sum to 499500. */
#include <sys/sdt.h>

volatile int lt_next;

#define LT_1 DTRACE_PROBE1(lt_many, site, lt_next++);
#define LT_10 LT_1 LT_1 LT_1 LT_1 LT_1 LT_1 LT_1 LT_1 LT_1 LT_1
#define LT_100 LT_10 LT_10 LT_10 LT_10 LT_10 LT_10 LT_10 LT_10 LT_10 LT_10
#define LT_1000 LT_100 LT_100 LT_100 LT_100 LT_100 LT_100 LT_100 LT_100 LT_100 LT_100

int main(void) {
    LT_1000
    return 0;
}
