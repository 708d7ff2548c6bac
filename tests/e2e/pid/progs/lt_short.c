/* A short-lived target for system-wide pid probes: main calls lt_once(0..2) and exits at once
 * (about a millisecond from exec to exit). "done" calls lt_done() instead, which the tests use to
 * end tracing; "getpid N" calls getpid() N times; "busy" calls getpid() every millisecond until
 * killed (an unrelated process using the same library). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline)) int lt_once(int i) { return i + 1; }
__attribute__((noinline)) void lt_done(void) { __asm__ volatile(""); }

int main(int argc, char** argv) {
    if (argc > 1 && strcmp(argv[1], "done") == 0) {
        lt_done();
        return 0;
    }
    if (argc > 2 && strcmp(argv[1], "getpid") == 0) {
        for (int i = atoi(argv[2]); i > 0; --i) getpid();
        lt_done();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "busy") == 0) {
        const struct timespec ms = {0, 1000000};
        for (;;) {
            getpid();
            nanosleep(&ms, NULL);
        }
    }
    int sum = 0;
    for (int i = 0; i < 3; ++i) sum += lt_once(i);
    return sum == 6 ? 0 : 1;
}
