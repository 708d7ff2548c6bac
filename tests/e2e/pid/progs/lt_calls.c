/* The main target of the pid tests. Every function does a known number of calls with known
 * arguments and return values, so that tests check exact counts and values:
 *   lt_from_ctor(11)      once, from a constructor, before main      returns 12
 *   lt_first(argc)        once, the first thing main does             returns argc + 1000
 *   lt_work(i, 3)         7 times, i = 0..6                           returns 10 * i + 3
 *   lt_six(1, ..., 6)     once                                        returns 21
 *   lt_neg(-5)            once                                        returns -10
 *   lt_greet("hello")     once, the string on main's stack           returns 5
 *   lt_outer()            once: calls lt_middle() once, which calls lt_inner() twice
 *   lt_fact(4)            recursion: 4 calls, arguments 4, 3, 2, 1     returns 24
 *   lt_alias_target(8)    twice, once through each name: lt_alias_target and its global
 *                         alias lt_alias (the same address)           returns 16
 *   lt_pick(i)            an IFUNC: 3 calls, i = 1..3, reach lt_pick_fast, which returns i + 50;
 *                         its resolver lt_pick_resolver runs once, when the dynamic linker
 *                         relocates the program
 *   strlen("lt-marker")   once through a pointer, so the compiler keeps the libc call (9)
 *   malloc(4242)          once
 * Built at -O0 with noinline functions, so that every function starts with instructions a
 * uprobe can step over and no call is folded away.
 *
 * "wait FIFO": after lt_first, block SIGUSR1, write "ready" to FIFO, wait for SIGUSR1, then do
 * the rest (for -p: the test signals once dtrace is tracing). "count" prints, at the end, how
 * many times this process called lt_work (for the untraced process of a test). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lt_wait.h"

#define NI __attribute__((noinline))

static volatile int lt_sink;
static int lt_work_calls;

NI int lt_from_ctor(int a) { lt_sink = a; return a + 1; }
NI int lt_first(int argc) { lt_sink = argc; return argc + 1000; }
NI int lt_work(int i, long scale) { lt_work_calls++; return 10 * i + (int)scale; }
NI long lt_six(long a, long b, long c, long d, long e, long f) { return a + b + c + d + e + f; }
NI int lt_neg(int a) { return 2 * a; }
NI int lt_greet(const char* s) { return (int)strlen(s); }
NI void lt_inner(void) { lt_sink++; }
NI void lt_middle(void) { lt_inner(); lt_inner(); }
NI void lt_outer(void) { lt_middle(); }
NI long lt_fact(long n) { return n <= 1 ? 1 : n * lt_fact(n - 1); }
NI int lt_alias_target(int a) { return 2 * a; }
int lt_alias(int a) __attribute__((alias("lt_alias_target")));

NI static int lt_pick_fast(int i) { return i + 50; }
NI static int lt_pick_slow(int i) { return i + 90; }
static int (*lt_pick_resolver(void))(int) { return lt_sink >= 0 ? lt_pick_fast : lt_pick_slow; }
int lt_pick(int i) __attribute__((ifunc("lt_pick_resolver")));

__attribute__((constructor)) static void lt_ctor(void) { lt_from_ctor(11); }

int main(int argc, char** argv) {
    lt_first(argc);
    if (argc > 2 && strcmp(argv[1], "wait") == 0) lt_wait_for_go(argv[2]);
    for (int i = 0; i < 7; i++) lt_work(i, 3);
    lt_six(1, 2, 3, 4, 5, 6);
    lt_neg(-5);
    char hello[] = "hello";  /* on the stack: resident, so copyinstr() can read it */
    lt_greet(hello);
    lt_outer();
    lt_fact(4);
    lt_alias_target(8);
    lt_alias(8);
    for (int i = 1; i <= 3; i++) lt_pick(i);
    size_t (*volatile len)(const char*) = strlen;
    lt_sink = (int)len("lt-marker");
    void* volatile p = malloc(4242);
    free(p);
    if (argc > 1 && strcmp(argv[argc - 1], "count") == 0)
        printf("lt_calls: lt_work called %d times\n", lt_work_calls);
    return 0;
}
