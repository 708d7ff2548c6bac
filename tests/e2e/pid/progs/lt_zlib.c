/* Functions for system-wide pid probes on a file that appears after tracing started (-Z), linked
 * into a program (a path created later) or built as liblt_zlib.so (a library no loader on the
 * machine would find but through the program's rpath). lt_z_run() calls lt_z_wait() every
 * millisecond until SIGUSR1 arrives (the D program raises it at the first lt_z_wait() it sees,
 * once the probes are attached; it gives up after ten seconds), then lt_z_work(1..3) and
 * lt_z_done(). */
#include <signal.h>
#include <time.h>

static volatile sig_atomic_t lt_z_go;

static void lt_z_on_usr1(int sig) { lt_z_go = sig; }

__attribute__((noinline)) void lt_z_wait(void) { __asm__ volatile(""); }
__attribute__((noinline)) long lt_z_work(long i) { return i * 10; }
__attribute__((noinline)) void lt_z_done(void) { __asm__ volatile(""); }

int lt_z_run(void) {
    signal(SIGUSR1, lt_z_on_usr1);
    const struct timespec poll = {0, 1000000};
    for (int i = 0; i < 10000 && !lt_z_go; i++) {
        lt_z_wait();
        nanosleep(&poll, 0);
    }
    long sum = 0;
    for (long i = 1; i <= 3; i++) sum += lt_z_work(i);
    lt_z_done();
    return lt_z_go && sum == 60 ? 0 : 1;
}
