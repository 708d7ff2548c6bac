/* The target of the syscall tests: a known sequence of system calls with known arguments,
 * return values and error numbers, each made through syscall() so that the C library adds or
 * renames nothing. Paths live on the stack, which the process has touched, so that
 * copyinstr() at the entry probe finds them in memory.
 *
 *   close_range(3, ~0, 0)                      0    only fds 0-2 stay open
 *   getppid()                                  the start marker (counting tests start here)
 *   openat(AT_FDCWD, "/nonexistent/lt-missing", O_RDONLY)   -1, errno ENOENT (2)
 *   read(999, buf, 10)                         -1, errno EBADF (9)
 *   openat(AT_FDCWD, "/dev/zero", O_RDONLY)    3
 *   read(3, buf, 100)                          100
 *   pread64(3, buf, 16, 777)                   16   (the fourth argument travels in r10)
 *   openat(AT_FDCWD, "/dev/null", O_WRONLY)    4
 *   write(4, buf, 42)                          42
 *   getpid(10i+1, ..., 10i+6)  for i = 0..4    5 calls; getpid ignores the six arguments
 *   getcwd(buf, 100)                           the length of the working directory and its NUL;
 *                                              every call's arguments are typed (tracefs formats)
 *   close(3)  close(4)                         0, 0
 *   close(3)                                   -1, errno EBADF (9)
 *   exit_group(3)                              the process exits with status 3
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
    char missing[] = "/nonexistent/lt-missing";
    char zero[] = "/dev/zero";
    char null[] = "/dev/null";
    static char buf[128];
    syscall(SYS_close_range, 3, ~0U, 0);
    syscall(SYS_getppid);
    syscall(SYS_openat, AT_FDCWD, missing, O_RDONLY);
    syscall(SYS_read, 999, buf, 10);
    long in = syscall(SYS_openat, AT_FDCWD, zero, O_RDONLY);
    syscall(SYS_read, in, buf, 100);
    syscall(SYS_pread64, in, buf, 16, 777);
    long out = syscall(SYS_openat, AT_FDCWD, null, O_WRONLY);
    syscall(SYS_write, out, buf, 42);
    for (long i = 0; i < 5; i++) syscall(SYS_getpid, 10 * i + 1, 10 * i + 2, 10 * i + 3, 10 * i + 4, 10 * i + 5, 10 * i + 6);
    syscall(SYS_getcwd, buf, 100);
    syscall(SYS_close, in);
    syscall(SYS_close, out);
    syscall(SYS_close, in);
    syscall(SYS_exit_group, 3);
    return 0;
}
