/* A program for system-wide probes on a file that appears after tracing started (-Z): it fires
 * lt_later:::waiting every millisecond until SIGUSR1 arrives (the D program raises it at the
 * first waiting it sees, so the work starts once the probes are attached; it gives up after ten
 * seconds), then lt_later:::work with 1, 2, 3 and lt_later:::done. "dlopen": instead, it loads
 * liblt_laterlib.so from its directory and runs lt_laterlib_run() (lt_laterlib.c). */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/sdt.h>
#include <time.h>

static volatile sig_atomic_t lt_go;

static void lt_on_usr1(int sig) { lt_go = sig; }

int main(int argc, char** argv) {
    if (argc > 1 && strcmp(argv[1], "dlopen") == 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s", argv[0]);
        char* slash = strrchr(path, '/');
        snprintf(slash ? slash + 1 : path, sizeof path - (size_t)(slash ? slash + 1 - path : 0), "liblt_laterlib.so");
        void* h = dlopen(path, RTLD_NOW);
        int (*run)(void) = h ? (int (*)(void))dlsym(h, "lt_laterlib_run") : 0;
        return run ? run() : 2;
    }
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
