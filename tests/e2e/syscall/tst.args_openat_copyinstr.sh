# openat(int dfd, const char *filename, int flags, umode_t mode): the path through
# copyinstr() of the user pointer args[1]; args[3] is the kernel's 2-byte umode_t.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::openat:entry /pid == $target/ { printf("%d %s %d %d\n", args[0], copyinstr((uintptr_t)args[1]), args[2], sizeof (args[3])); }'
