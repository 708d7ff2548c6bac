# errno is 0 at entry probes and in BEGIN; it is set only at a failing return.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
BEGIN { printf("BEGIN %d\n", errno); }
syscall::close:entry /pid == $target/ { printf("entry %d\n", errno); }
syscall::close:return /pid == $target/ { printf("return %d\n", errno); }'
