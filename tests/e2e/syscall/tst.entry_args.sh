# The entry arguments: openat's dirfd (AT_FDCWD, -100) and flags, read's fd and count.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::openat:entry /pid == $target/ { printf("openat(%d, %s, %d)\n", (int)arg0, copyinstr(arg1), arg2); }
syscall::read:entry /pid == $target/ { printf("read(%d, %d)\n", arg0, arg2); }'
