/* The traced program of prometheus.sh: calls lt_tick(v) seven times, v = 1, 2, 3, 5, 8, 13,
 * 21 (sum 53, largest 21), then waits until the file argv[1] exists (at most 120 s), so that
 * tracing lasts while Prometheus scrapes. */
#include <time.h>
#include <unistd.h>

static volatile long lt_sink;

__attribute__((noinline)) void lt_tick(long v) { lt_sink += v; }

int main(int argc, char** argv) {
    static const long values[] = {1, 2, 3, 5, 8, 13, 21};
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) lt_tick(values[i]);
    const struct timespec poll = {0, 10000000};
    for (int i = 0; argc > 1 && i < 12000 && access(argv[1], F_OK) != 0; i++) nanosleep(&poll, NULL);
    return 0;
}
