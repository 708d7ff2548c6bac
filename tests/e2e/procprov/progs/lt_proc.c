/*
 * The target of the proc and sched provider tests: each mode does one thing whose probes the
 * test checks, with known pids (the child's pid is printed to stdout when asked), and exits.
 *   fork N     fork a child that exits with status N once the parent waits for it
 *   kill       fork a child that kills itself with SIGTERM; wait for it
 *   handle     catch SIGUSR1 and raise it
 *   ignore     ignore SIGUSR2 and raise it
 *   child      send SIGUSR1 to a child blocked in pause() that catches it; wait for it
 *   thread     create a thread that returns at once; join it
 *   exec ARGS  fork a child that executes ARGS; wait for it
 *   execat ARGS  the same through execveat(AT_FDCWD, ...)
 *   sigwait    block SIGUSR1, send it to itself and take it with sigwait()
 *   sigpoll    block SIGUSR1 and poll for it with sigtimedwait() and a zero timeout (it expires)
 *   spin       loop on the CPU until the tracer kills it
 *   spin2      bind to the current CPU and loop there in two threads until the tracer kills it
 *   yield      call sched_yield() 100000 times
 *   nap        sleep 1 ms 10 times
 *   naps       sleep 2 ms 100 times (its CPU goes idle between)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static volatile sig_atomic_t lt_caught;

static void lt_handler(int sig) { lt_caught = sig; }

static void *lt_thread(void *arg) { return arg; }

static void *lt_spin(void *arg) {
	for (volatile unsigned long i = 0;; ++i)
		;
	return arg;
}

/* Until the parent sleeps (in waitpid(): it does nothing else after fork), at most 2 s: a child
 * that exits before its parent waits wakes nobody, and the sched tests look for that wakeup. */
static void lt_await_parent_asleep(void) {
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)getppid());
	const struct timespec ms = {0, 1000000};
	for (int i = 0; i < 2000; i++) {
		int fd = open(path, O_RDONLY);
		if (fd < 0) return;
		ssize_t n = read(fd, buf, sizeof buf - 1);
		close(fd);
		if (n <= 0) return;
		buf[n] = 0;
		const char *end = strrchr(buf, ')');
		if (end && end[1] == ' ' && end[2] == 'S') return;
		nanosleep(&ms, NULL);
	}
}

static void lt_wait(pid_t child) {
	int status;
	while (waitpid(child, &status, 0) < 0)
		;
}

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "fork") == 0) {
		pid_t c = fork();
		if (c == 0) {
			lt_await_parent_asleep();
			_exit(argc > 2 ? atoi(argv[2]) : 0);
		}
		lt_wait(c);
	} else if (strcmp(mode, "kill") == 0) {
		pid_t c = fork();
		if (c == 0) {
			kill(getpid(), SIGTERM);
			_exit(0);
		}
		lt_wait(c);
	} else if (strcmp(mode, "handle") == 0) {
		signal(SIGUSR1, lt_handler);
		raise(SIGUSR1);
	} else if (strcmp(mode, "ignore") == 0) {
		signal(SIGUSR2, SIG_IGN);
		raise(SIGUSR2);
	} else if (strcmp(mode, "child") == 0) {
		sigset_t block, old;
		sigemptyset(&block);
		sigaddset(&block, SIGUSR1);
		sigprocmask(SIG_BLOCK, &block, &old);
		pid_t c = fork();
		if (c == 0) {
			signal(SIGUSR1, lt_handler);
			sigsuspend(&old);
			_exit(lt_caught == SIGUSR1 ? 0 : 1);
		}
		kill(c, SIGUSR1);
		lt_wait(c);
	} else if (strcmp(mode, "thread") == 0) {
		pthread_t t;
		if (pthread_create(&t, NULL, lt_thread, NULL) != 0) return 1;
		pthread_join(t, NULL);
	} else if (strcmp(mode, "exec") == 0 && argc > 2) {
		pid_t c = fork();
		if (c == 0) {
			execv(argv[2], argv + 2);
			_exit(127);
		}
		lt_wait(c);
	} else if (strcmp(mode, "execat") == 0 && argc > 2) {
		pid_t c = fork();
		if (c == 0) {
			syscall(SYS_execveat, AT_FDCWD, argv[2], argv + 2, environ, 0);
			_exit(127);
		}
		lt_wait(c);
	} else if (strcmp(mode, "sigwait") == 0 || strcmp(mode, "sigpoll") == 0) {
		sigset_t set;
		int sig = 0;
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigprocmask(SIG_BLOCK, &set, NULL);
		if (mode[3] == 'w') {
			kill(getpid(), SIGUSR1);
			if (sigwait(&set, &sig) != 0 || sig != SIGUSR1) return 1;
		} else {
			struct timespec zero = {0, 0};
			if (sigtimedwait(&set, NULL, &zero) != -1) return 1;
		}
	} else if (strcmp(mode, "spin") == 0) {
		lt_spin(NULL);
	} else if (strcmp(mode, "spin2") == 0) {
		cpu_set_t one;
		pthread_t t;
		CPU_ZERO(&one);
		CPU_SET(sched_getcpu(), &one);
		if (sched_setaffinity(0, sizeof one, &one) != 0 || pthread_create(&t, NULL, lt_spin, NULL) != 0) return 1;
		lt_spin(NULL);
	} else if (strcmp(mode, "nap") == 0) {
		struct timespec ms = {0, 1000000};
		for (int i = 0; i < 10; ++i)
			nanosleep(&ms, NULL);
	} else if (strcmp(mode, "naps") == 0) {
		struct timespec ts = {0, 2000000};
		for (int i = 0; i < 100; ++i) nanosleep(&ts, NULL);
	} else if (strcmp(mode, "yield") == 0) {
		for (int i = 0; i < 100000; ++i)
			sched_yield();
	} else {
		return 2;
	}
	return 0;
}
