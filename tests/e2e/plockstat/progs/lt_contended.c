/* Known lock contention for the plockstat tests: two threads, one mutex (lt_lock), ROUNDS
 * rounds. In each round the holder (main, in lt_holder) takes lt_lock, lets the waiter
 * (lt_waiter) go, waits until the waiter is blocked in futex() on the mutex (its
 * /proc/self/task/TID/syscall says so: no timing guess), holds on for HOLD_MS, and unlocks; the
 * waiter then holds lt_lock for WAITER_MS and tells the holder, which starts the next round.
 * So the waiter blocks exactly ROUNDS times, each time for at least HOLD_MS; the holder holds
 * the lock ROUNDS times for at least HOLD_MS and never blocks; the waiter holds it ROUNDS
 * times for at least WAITER_MS.
 *
 *   lt_contended ROUNDS HOLD_MS WAITER_MS
 *   lt_contended wait FIFO ROUNDS HOLD_MS WAITER_MS   (for -p, as lt_start runs it: "ready"
 *                                                      through FIFO, then the rounds once
 *                                                      SIGUSR1 arrives)
 *   lt_contended rw ROUNDS HOLD_MS WAITER_MS          the same on a read-write lock,
 *                                                      lt_rwlock: the holder writes, the
 *                                                      waiter reads */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../../pid/progs/lt_wait.h"

#define NI __attribute__((noinline))

pthread_mutex_t lt_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t lt_rwlock = PTHREAD_RWLOCK_INITIALIZER;
static int lt_rw;
static int lt_go_pipe[2], lt_done_pipe[2];
static int lt_rounds, lt_hold_ms, lt_waiter_ms;

static void lt_sleep_ms(int ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {
    }
}

static void lt_read(int fd, void* buf, size_t n) {
    if (read(fd, buf, n) != (ssize_t)n) exit(3);
}

static void lt_write(int fd, const void* buf, size_t n) {
    if (write(fd, buf, n) != (ssize_t)n) exit(3);
}

/* Whether thread tid is inside the futex() system call. */
static int lt_in_futex(pid_t tid) {
    char path[64], call[32];
    snprintf(path, sizeof path, "/proc/self/task/%d/syscall", (int)tid);
    FILE* f = fopen(path, "r");
    if (!f) return 0;
    int n = fscanf(f, "%31s", call);
    fclose(f);
    return n == 1 && atoi(call) == SYS_futex;
}

NI static void* lt_waiter(void* arg) {
    (void)arg;
    pid_t tid = gettid();
    lt_write(lt_done_pipe[1], &tid, sizeof tid);
    for (int i = 0; i < lt_rounds; i++) {
        char c;
        lt_read(lt_go_pipe[0], &c, 1);
        if (lt_rw) {
            pthread_rwlock_rdlock(&lt_rwlock); /* blocks: the holder writes */
            lt_sleep_ms(lt_waiter_ms);
            pthread_rwlock_unlock(&lt_rwlock);
        } else {
            pthread_mutex_lock(&lt_lock); /* blocks: the holder has it */
            lt_sleep_ms(lt_waiter_ms);
            pthread_mutex_unlock(&lt_lock);
        }
        lt_write(lt_done_pipe[1], "d", 1);
    }
    return NULL;
}

NI static void lt_holder(pid_t waiter) {
    for (int i = 0; i < lt_rounds; i++) {
        char c;
        if (lt_rw) pthread_rwlock_wrlock(&lt_rwlock);
        else pthread_mutex_lock(&lt_lock);
        lt_write(lt_go_pipe[1], "g", 1);
        while (!lt_in_futex(waiter)) lt_sleep_ms(1);
        lt_sleep_ms(lt_hold_ms);
        if (lt_rw) pthread_rwlock_unlock(&lt_rwlock);
        else pthread_mutex_unlock(&lt_lock);
        lt_read(lt_done_pipe[0], &c, 1);
    }
}

int main(int argc, char** argv) {
    const char* fifo = NULL;
    if (argc > 2 && strcmp(argv[1], "wait") == 0) {
        fifo = argv[2];
        argv += 2;
        argc -= 2;
    }
    if (argc > 1 && strcmp(argv[1], "rw") == 0) {
        lt_rw = 1;
        argv++;
        argc--;
    }
    if (argc < 4) return 2;
    lt_rounds = atoi(argv[1]);
    lt_hold_ms = atoi(argv[2]);
    lt_waiter_ms = atoi(argv[3]);
    if (fifo) lt_wait_for_go(fifo);
    if (pipe(lt_go_pipe) != 0 || pipe(lt_done_pipe) != 0) return 3;
    pthread_t t;
    if (pthread_create(&t, NULL, lt_waiter, NULL) != 0) return 3;
    pid_t waiter;
    lt_read(lt_done_pipe[0], &waiter, sizeof waiter);
    lt_holder(waiter);
    pthread_join(t, NULL);
    return 0;
}
