/* Is-enabled probes: lt_sem:::tick guarded by its semaphore (the kernel raises it while the
 * probe is traced), fired with i = 1..5 only when enabled; lt_sem:::plain has no semaphore and
 * fires once, unguarded, with the number of guarded firings. Prints "enabled N of 5". "wait FIFO": waits for the test's go (lt_wait.h)
 * first; "then" after it: once done, waits for SIGUSR2 and prints the semaphore's value. */
#define _SDT_HAS_SEMAPHORES 1
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/sdt.h>

#include "lt_wait.h"

__attribute__((section(".probes"))) volatile unsigned short lt_sem_tick_semaphore;
__attribute__((section(".probes"))) volatile unsigned short lt_sem_plain_semaphore;

static volatile sig_atomic_t lt_usr2;
static void lt_on_usr2(int sig) { lt_usr2 = sig; }

int main(int argc, char** argv) {
    int then = argc > 3 && strcmp(argv[3], "then") == 0;
    if (then) signal(SIGUSR2, lt_on_usr2);
    if (argc > 2 && strcmp(argv[1], "wait") == 0) lt_wait_for_go(argv[2]);
    int enabled = 0;
    for (int i = 1; i <= 5; i++) {
        if (lt_sem_tick_semaphore) {
            enabled++;
            DTRACE_PROBE1(lt_sem, tick, i);
        }
    }
    DTRACE_PROBE1(lt_sem, plain, enabled);
    printf("enabled %d of 5\n", enabled);
    fflush(stdout);
    if (then) {
        const struct timespec poll = {0, 1000000};
        while (!lt_usr2) nanosleep(&poll, NULL);
        printf("semaphore %d\n", lt_sem_tick_semaphore);
    }
    return 0;
}
