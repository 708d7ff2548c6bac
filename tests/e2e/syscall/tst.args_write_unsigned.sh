# write(unsigned int fd, const char *buf, size_t count): the known count, and args[0]'s type
# in arithmetic: an unsigned int minus 5 stays unsigned (C's usual conversions) and wraps.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::write:entry /pid == $target/ { printf("%d %d %u %d\n", args[0], args[2], args[0] - 5, sizeof (args[2])); }'
