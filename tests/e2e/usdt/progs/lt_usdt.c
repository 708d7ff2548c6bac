/* USDT probes of every shape (provider lt_usdt, no semaphores), fired a known number of times:
 *   zero            no arguments, once
 *   sizes           12 arguments: int8 -1, uint8 200, int16 -2, uint16 60000, int32 -3,
 *                   uint32 4000000000, int64 -4, uint64 2^64-5, char 'A', short 7, long 8,
 *                   unsigned char 9 (as sys/sdt.h gives them: signed or not by C type)
 *   consts          12 constants 1..12 (the compiler writes $N specs)
 *   mem             lt_global (read %rip-relative), lt_array[i] (indexed) for i = 0..3
 *   str             a string and its length, for "alpha", "beta"
 *   inl             a static inline function's probe, inlined into lt_left (x, x*3) and
 *                   lt_right (x+100, 7): two functions, so two probes, each its own locations
 *   twice           one probe written twice in main: one probe, two sites (1, then 2)
 *   pair            a static inline function's probe inlined twice into main: one probe, two
 *                   sites whose arguments live in different places: (1, 5), then (42, 2)
 *   loop            fired 100 times with i = 0..99
 *   func__entry     "__" in the C name: DTrace's func-entry; fired 3 times with 1, 2, 3
 * "wait FIFO" (for -p): waits for the test's go first (lt_wait.h). */
#include <stdint.h>
#include <string.h>
#include <sys/sdt.h>

#include "lt_wait.h"

volatile long lt_global = 42;
volatile long lt_array[4] = {10, 20, 30, 40};
volatile int lt_sink;
volatile long lt_one = 1;

static inline __attribute__((always_inline)) void lt_inline_probe(long a, long b) {
    DTRACE_PROBE2(lt_usdt, inl, a, b);
}

static inline __attribute__((always_inline)) void lt_pair_probe(long a, long b) {
    DTRACE_PROBE2(lt_usdt, pair, a, b);
}

__attribute__((noinline)) void lt_left(long x) { lt_inline_probe(x, x * 3); }
__attribute__((noinline)) void lt_right(long x) { lt_inline_probe(x + 100, 7); lt_sink++; }

__attribute__((noinline)) void lt_strings(const char* s) { DTRACE_PROBE2(lt_usdt, str, s, strlen(s)); }

__attribute__((noinline)) void lt_sizes(volatile int8_t* a) {
    int8_t i8 = a[0];
    uint8_t u8 = 200;
    int16_t i16 = -2;
    uint16_t u16 = 60000;
    int32_t i32 = -3;
    uint32_t u32 = 4000000000u;
    int64_t i64 = -4;
    uint64_t u64 = UINT64_MAX - 4;
    char c = 'A';
    short s = 7;
    long l = 8;
    unsigned char uc = 9;
    lt_sink = i8 + u8 + i16 + u16 + i32 + (int)u32 + (int)i64 + (int)u64 + c + s + (int)l + uc;
    DTRACE_PROBE12(lt_usdt, sizes, i8, u8, i16, u16, i32, u32, i64, u64, c, s, l, uc);
}

int main(int argc, char** argv) {
    if (argc > 2 && strcmp(argv[1], "wait") == 0) lt_wait_for_go(argv[2]);
    volatile int8_t minus_one = -1;
    DTRACE_PROBE(lt_usdt, zero);
    lt_sizes(&minus_one);
    DTRACE_PROBE12(lt_usdt, consts, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    for (int i = 0; i < 4; i++) DTRACE_PROBE2(lt_usdt, mem, lt_global, lt_array[i]);
    lt_strings("alpha");
    lt_strings("beta");
    for (long x = 1; x <= 2; x++) {
        lt_left(x);
        lt_right(x);
    }
    DTRACE_PROBE1(lt_usdt, twice, 1);
    lt_sink++;
    DTRACE_PROBE1(lt_usdt, twice, 2);
    lt_pair_probe(lt_one, 5);
    lt_pair_probe(lt_global, lt_one * 2);
    for (int i = 0; i < 100; i++) DTRACE_PROBE1(lt_usdt, loop, i);
    for (int i = 1; i <= 3; i++) DTRACE_PROBE1(lt_usdt, func__entry, i);
    return 0;
}
