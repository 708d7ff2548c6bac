/* The do-no-harm target: a deterministic workload through red-zone leaf functions with 5-byte
 * NOPs, tail jumps of every kind, `ret $8`, a switch, PLT calls into libc (strlen, memcpy,
 * qsort with a callback, snprintf, strtol) and USDT probes (lt_harm:::tick with a semaphore,
 * lt_harm:::nop5 on a 5-byte NOP). Every result is printed, so a traced run's output can be
 * compared with an untraced one's byte for byte.
 *   lt_harm                 the workload once, its results on stdout
 *   lt_harm busy FIFO       writes "busy PID" to FIFO, then repeats the workload's checks until
 *                           SIGUSR2, firing lt_harm:::tick whenever its semaphore is raised;
 *                           prints how many rounds went wrong (none should) and whether the
 *                           semaphore was raised, and is raised still. */
#define _SDT_HAS_SEMAPHORES 1
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <unistd.h>

__attribute__((section(".probes"))) volatile unsigned short lt_harm_tick_semaphore;

long lt_rz_loop(long n);
long lt_rz_straight(long x);
long lt_rz_usdt(long n);
long lt_helper(long x);
long lt_tail_direct(long x);
long lt_tail_cond(long x);
long lt_tail_indirect(long (*f)(long), long x);
long lt_call_ret_pop(long x, long y);

/* A switch dense enough for a jump table (a dispatch through `jmp *%reg` inside the function). */
__attribute__((noinline)) long lt_switch(long k, long x) {
    switch (k) {
    case 0: return x + 1;
    case 1: return x * 3;
    case 2: return x ^ 0x55;
    case 3: return x - 7;
    case 4: return x << 2;
    case 5: return x / 3;
    case 6: return ~x;
    case 7: return x * x;
    default: return -x;
    }
}

static long lt_switch_expected(long k, long x) {
    if (k == 0) return x + 1;
    if (k == 1) return x * 3;
    if (k == 2) return x ^ 0x55;
    if (k == 3) return x - 7;
    if (k == 4) return x << 2;
    if (k == 5) return x / 3;
    if (k == 6) return ~x;
    if (k == 7) return x * x;
    return -x;
}

/* A C leaf whose array lives in the red zone at -O2. */
__attribute__((noinline)) long lt_c_leaf(long n) {
    volatile long buf[8];
    for (long i = 0; i < 8; i++) buf[i] = n * i;
    long s = 0;
    for (long i = 0; i < 8; i++) s += buf[i] ^ i;
    return s;
}

static int lt_cmp(const void* a, const void* b) {
    long x = *(const long*)a, y = *(const long*)b;
    return (x > y) - (x < y);
}

/* One round of everything; the results are written to `out` (a line each). */
static long lt_round(long seed, char* out, size_t size) {
    long v[16];
    for (int i = 0; i < 16; i++) v[i] = (seed * 7919 + i * 104729) % 1000;
    qsort(v, 16, sizeof v[0], lt_cmp);
    char word[64];
    snprintf(word, sizeof word, "w%ld-%ld", seed, v[0]);
    char copy[64];
    memcpy(copy, word, strlen(word) + 1);
    long r[14] = {
        lt_rz_loop(seed + 10), lt_rz_straight(seed), lt_rz_usdt(seed + 5), lt_helper(seed),
        lt_tail_direct(seed), lt_tail_cond(seed), lt_tail_cond(0), lt_tail_indirect(lt_helper, seed),
        lt_tail_indirect(lt_rz_straight, seed + 1), lt_call_ret_pop(seed, 1000), lt_switch(seed % 10, seed),
        lt_c_leaf(seed), strtol("12345", NULL, 10) + seed, (long)strlen(copy)};
    long sum = 0;
    int n = snprintf(out, size, "%s", copy);
    for (int i = 0; i < 14; i++) {
        sum += r[i];
        n += snprintf(out + n, size - (size_t)n, " %ld", r[i]);
    }
    snprintf(out + n, size - (size_t)n, " | %ld %ld %ld", v[0], v[15], sum);
    return sum;
}

/* The right answers, computed without the functions under test. */
static long lt_expected(long seed) {
    long v[16];
    for (int i = 0; i < 16; i++) v[i] = (seed * 7919 + i * 104729) % 1000;
    qsort(v, 16, sizeof v[0], lt_cmp);
    char word[64];
    snprintf(word, sizeof word, "w%ld-%ld", seed, v[0]);
    long n10 = seed + 10, n5 = seed + 5, leaf = 0;
    for (long i = 0; i < 8; i++) leaf += (seed * i) ^ i;
    long r[14] = {n10 * (n10 + 1) / 2, 3 * seed + 1, n5 * (n5 + 1) / 2, 2 * seed + 1, 2 * (seed + 1) + 1,
                  seed ? 2 * seed + 1 : -1, -1, 2 * seed + 1, 3 * (seed + 1) + 1, seed + 1000,
                  lt_switch_expected(seed % 10, seed), leaf, 12345 + seed, (long)strlen(word)};
    long sum = 0;
    for (int i = 0; i < 14; i++) sum += r[i];
    return sum;
}

static volatile sig_atomic_t lt_stop;
static void lt_on_usr2(int sig) { lt_stop = sig; }

static int lt_busy(const char* fifo) {
    signal(SIGUSR2, lt_on_usr2);
    FILE* f = fopen(fifo, "w");
    if (!f) return 2;
    fprintf(f, "busy %d\n", (int)getpid());
    fclose(f);
    long rounds = 0, wrong = 0, raised = 0;
    char line[512];
    while (!lt_stop) {
        long seed = rounds % 97;
        if (lt_round(seed, line, sizeof line) != lt_expected(seed)) wrong++;
        if (lt_harm_tick_semaphore) {
            raised++;
            DTRACE_PROBE1(lt_harm, tick, rounds);
        }
        rounds++;
    }
    printf("wrong rounds: %ld\n", wrong);
    printf("semaphore raised while traced: %s\n", raised ? "yes" : "no");
    printf("semaphore now: %d\n", lt_harm_tick_semaphore);
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 2 && strcmp(argv[1], "busy") == 0) return lt_busy(argv[2]);
    char line[512];
    long wrong = 0;
    for (long seed = 0; seed < 40; seed++) {
        if (lt_round(seed, line, sizeof line) != lt_expected(seed)) wrong++;
        if (lt_harm_tick_semaphore) DTRACE_PROBE1(lt_harm, tick, seed);
        puts(line);
    }
    printf("wrong rounds: %ld\n", wrong);
    return 0;
}
