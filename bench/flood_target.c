/* The flood: getppid() N times (default 3,000,000), as fast as the process can. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 3000000;
	for (long i = 0; i < n; ++i)
		syscall(SYS_getppid, i);
	return 0;
}
