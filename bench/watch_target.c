/* The workload of the process-watch benchmark (bench/watch_cases.py): what the watch sits on.
 *
 *   watch_target exec N         fork() and execve("/bin/true") N times, waiting for each
 *   watch_target mmapfile N F   mmap() 4 KiB of file F (read-only, private, not MAP_FIXED:
 *                               as the dynamic linker maps an object first) and munmap() it,
 *                               N times
 *   watch_target mmapanon N     the same with an anonymous mapping (malloc's large blocks)
 *
 * Prints "ns N" with N = the CLOCK_MONOTONIC nanoseconds per operation. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    long n = atol(argv[2]);
    int fd = -1;
    if (strcmp(argv[1], "mmapfile") == 0) {
        if (argc < 4 || (fd = open(argv[3], O_RDONLY)) < 0) return 2;
    }
    long long t0 = now_ns();
    for (long i = 0; i < n; i++) {
        if (strcmp(argv[1], "exec") == 0) {
            pid_t p = fork();
            if (p == 0) {
                execl("/bin/true", "true", (char*)0);
                _exit(127);
            }
            int st;
            if (p < 0 || waitpid(p, &st, 0) < 0) return 1;
        } else {
            void* m = fd >= 0 ? mmap(0, 4096, PROT_READ, MAP_PRIVATE, fd, 0)
                              : mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (m == MAP_FAILED) return 1;
            munmap(m, 4096);
        }
    }
    printf("ns %lld\n", (now_ns() - t0) / n);
    return 0;
}
