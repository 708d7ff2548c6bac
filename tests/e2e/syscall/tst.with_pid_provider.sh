# The syscall provider beside the pid provider in one program: each dispatches through its own
# table, and their clauses keep program order within a firing. main's calls of syscall() go
# through the C library's syscall(), which makes the calls seen here.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
pid$target:libc.so.6:syscall:entry /arg0 == 39/ { printf("syscall(getpid)\n"); }
syscall::getpid:entry /pid == $target/ { printf("getpid %d\n", arg0); }'
