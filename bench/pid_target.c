/* The traced process of the pid-provider benchmarks (bench/pid_cases.py builds it with -O0, so
 * that bench_call() starts with a frame set-up, as most functions do, and a uprobe on it fires).
 *
 *   pid_target libc    loops calling a few libc functions, among them str* ones that are not
 *                      IFUNCs (strtol, strdup; strlen's symbol is its IFUNC resolver, which runs
 *                      once at load time), with a 100 us sleep per round. Each SIGUSR1 prints
 *                      "live T" with T = CLOCK_MONOTONIC in ns when the signal arrived: the
 *                      tracers raise it from their first probe firing, so T is the moment the
 *                      probes were live in this process.
 *   pid_target calls   calls bench_call() in batches, forever, and prints one line per batch:
 *                      "batch START END CALLS CPU_NS" (START and END in CLOCK_MONOTONIC ns, CPU_NS
 *                      the thread's CPU time for the batch, which includes the kernel's uprobe
 *                      work done on its behalf and not the time other processes ran). A batch
 *                      is chunks of 4096 calls until 5 ms have passed: one vDSO clock read per
 *                      chunk (well under 1% of an untraced chunk), and short batches when traced.
 * Both exit when killed. stdout is flushed after every line. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static volatile sig_atomic_t live_seen;
static volatile long long live_ns;

static void on_usr1(int sig) {
    (void)sig;
    live_ns = now_ns(CLOCK_MONOTONIC);
    live_seen = 1;
}

static int libc_loop(void) {
    static const char* numbers[] = {"12345", "-77", "0x1f", "999999"};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    printf("ready %d\n", (int)getpid());
    fflush(stdout);
    volatile long sink = 0;
    for (unsigned i = 0;; i++) {
        const char* s = numbers[i % 4];
        sink += strtol(s, NULL, 0);
        char* copy = strdup(s);
        sink += (long)strlen(copy);
        free(copy);
        if (live_seen) {
            live_seen = 0;
            printf("live %lld\n", live_ns);
            fflush(stdout);
        }
        usleep(100);
    }
    return 0;
}

/* What the per-event cases probe: not a leaf a uprobe could miss (see tests/e2e/pid). */
__attribute__((noinline)) int bench_call(int x) {
    volatile int v = x;
    return v + 1;
}

static int calls_loop(void) {
    enum { CHUNK = 4096 };                  /* calls between two looks at the clock */
    const long long batch_ns = 5000000;     /* a batch ends after the chunk that passes 5 ms */
    volatile int sink = 0;
    printf("ready %d\n", (int)getpid());
    fflush(stdout);
    for (;;) {
        long long t0 = now_ns(CLOCK_MONOTONIC), c0 = now_ns(CLOCK_THREAD_CPUTIME_ID), t1;
        long calls = 0;
        do {
            for (int i = 0; i < CHUNK; i++) sink += bench_call(i);
            calls += CHUNK;
            t1 = now_ns(CLOCK_MONOTONIC);
        } while (t1 - t0 < batch_ns);
        long long c1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
        printf("batch %lld %lld %ld %lld\n", t0, t1, calls, c1 - c0);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 2 && strcmp(argv[1], "libc") == 0) return libc_loop();
    if (argc == 2 && strcmp(argv[1], "calls") == 0) return calls_loop();
    fprintf(stderr, "usage: pid_target libc|calls\n");
    return 2;
}
