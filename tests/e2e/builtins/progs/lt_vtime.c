/*
 * The target of the vtimestamp tests. A thread reads its CPU time (CLOCK_THREAD_CPUTIME_ID),
 * spins without asking the kernel anything (so that the scheduler does not charge it the slice
 * it is running: only a tick or a switch would), and makes two marks: getppid system calls
 * whose arguments are a CPU time and the mark's number. Mark 1 passes the time read before the
 * spin, mark 2 the time read after mark 1. vtimestamp at mark 1 must lie between the two,
 * nearer the second.
 *   children N   fork N children; each spins about 1 ms, marks, and exits
 *   spin         spin about 30 ms, mark, and exit
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long lt_cputime(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void lt_spin_marks(unsigned long loops) {
	long long before = lt_cputime();
	for (volatile unsigned long i = 0; i < loops; ++i)
		;
	syscall(SYS_getppid, before, 1);
	syscall(SYS_getppid, lt_cputime(), 2);
}

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "children") == 0) {
		int n = argc > 2 ? atoi(argv[2]) : 1;
		for (int i = 0; i < n; ++i) {
			pid_t c = fork();
			if (c == 0) {
				lt_spin_marks(1000000);
				_exit(0);
			}
			int status;
			while (waitpid(c, &status, 0) < 0)
				;
		}
	} else if (strcmp(mode, "spin") == 0) {
		lt_spin_marks(30000000);
	}
	return 0;
}
