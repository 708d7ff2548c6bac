/* liblt_laterlib.so, loaded by lt_later with dlopen() after tracing began: lt_laterlib_run() fires
 * lt_laterlib:::waiting every millisecond until SIGUSR1 arrives (the D program raises it once
 * the library's probes are attached; ten seconds at most), then lt_laterlib:::work with 1, 2, 3
 * and lt_laterlib:::done. */
#include <signal.h>
#include <sys/sdt.h>
#include <time.h>

static volatile sig_atomic_t lt_go;

static void lt_on_usr1(int sig) { lt_go = sig; }

int lt_laterlib_run(void) {
    signal(SIGUSR1, lt_on_usr1);
    const struct timespec poll = {0, 1000000};
    for (int i = 0; i < 10000 && !lt_go; i++) {
        DTRACE_PROBE(lt_laterlib, waiting);
        nanosleep(&poll, 0);
    }
    for (long i = 1; i <= 3; i++) DTRACE_PROBE1(lt_laterlib, work, i);
    DTRACE_PROBE(lt_laterlib, done);
    return lt_go ? 0 : 1;
}
