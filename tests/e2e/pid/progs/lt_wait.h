/* Shared by the targets that -p tests grab ("wait FIFO" on their command line): say "ready"
 * through the FIFO the test reads (the process is then at the point to grab), then call
 * lt_ping() until SIGUSR1 arrives. The test's D program answers the first lt_ping it sees with
 * raise(SIGUSR1), so the work starts only once tracing is live, with no sleep in the test and
 * no race with dtrace's start; a test may also send SIGUSR1 itself (an untraced process). */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t lt_go;

static void lt_on_usr1(int sig) { lt_go = sig; }

__attribute__((noinline)) void lt_ping(void) { lt_go = lt_go; }

static void lt_wait_for_go(const char* fifo) {
    signal(SIGUSR1, lt_on_usr1);
    int fd = open(fifo, O_WRONLY);
    if (fd < 0 || write(fd, "ready\n", 6) != 6) exit(2);
    close(fd);
    const struct timespec poll = {0, 1000000};
    while (!lt_go) {
        lt_ping();
        nanosleep(&poll, NULL);
    }
}
