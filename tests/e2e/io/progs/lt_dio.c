/* Direct block I/O the io tests count: lt_dio MODE PATH N reads (r) or writes (w) N blocks of
 * 4096 bytes at offsets 0, 4096, ... with O_DIRECT, so each is one request to the device, issued
 * by this process. MODE prep creates PATH and writes its N blocks to the disk first (a direct
 * read of a hole does no I/O). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BS = 4096 };

int main(int argc, char** argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: lt_dio r|w|prep PATH N\n");
		return 2;
	}
	const char* mode = argv[1];
	int n = atoi(argv[3]);
	int flags = O_DIRECT | (mode[0] == 'r' ? O_RDONLY : O_WRONLY);
	if (strcmp(mode, "prep") == 0) flags = O_DIRECT | O_WRONLY | O_CREAT | O_TRUNC;
	int fd = open(argv[2], flags, 0600);
	if (fd < 0) {
		perror(argv[2]);
		return 1;
	}
	void* buf;
	if (posix_memalign(&buf, BS, BS) != 0) return 1;
	memset(buf, 'x', BS);
	for (int i = 0; i < n; ++i) {
		ssize_t r = mode[0] == 'r' ? pread(fd, buf, BS, (off_t)i * BS) : pwrite(fd, buf, BS, (off_t)i * BS);
		if (r != BS) {
			perror("direct I/O");
			return 1;
		}
	}
	if (strcmp(mode, "prep") == 0 && fsync(fd) != 0) return 1;
	close(fd);
	return 0;
}
