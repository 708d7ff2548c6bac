/* A burst of system calls: getppid N times (default 200000), the call's number as its first argument. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 200000;
	for (long i = 0; i < n; ++i)
		syscall(SYS_getppid, i);
	return 0;
}
