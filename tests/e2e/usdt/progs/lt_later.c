/* A program for system-wide probes on a file that appears after tracing started (-Z): it fires
 * lt_later:::waiting every millisecond until SIGUSR1 arrives (the D program raises it at the
 * first waiting it sees, so the work starts once the probes are attached; it gives up after ten
 * seconds), then lt_later:::work with 1, 2, 3 and lt_later:::done. */
#include <signal.h>
#include <sys/sdt.h>
#include <time.h>

static volatile sig_atomic_t lt_go;

static void lt_on_usr1(int sig) { lt_go = sig; }

int main(void) {
    signal(SIGUSR1, lt_on_usr1);
    const struct timespec poll = {0, 1000000};
    for (int i = 0; i < 10000 && !lt_go; i++) {
        DTRACE_PROBE(lt_later, waiting);
        nanosleep(&poll, 0);
    }
    for (long i = 1; i <= 3; i++) DTRACE_PROBE1(lt_later, work, i);
    DTRACE_PROBE(lt_later, done);
    return lt_go ? 0 : 1;
}
