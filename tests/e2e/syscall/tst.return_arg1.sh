# At a return probe arg1 is the return value too, as arg0 (DTrace's rval), -1 for a failure.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::close:return, syscall::openat:return /pid == $target/ { printf("%s %d %d\n", probefunc, arg0, arg1); }'
