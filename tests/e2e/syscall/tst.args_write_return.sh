# args[] of write at entry (typed from tracefs: unsigned int, const char *, size_t) and at
# return (the return value): the same values as arg0 .. arg2.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::write:entry /pid == $target/ { printf("%d %d\n", args[0], args[2]); } syscall::write:return /pid == $target/ { printf("%d\n", args[0]); }'
