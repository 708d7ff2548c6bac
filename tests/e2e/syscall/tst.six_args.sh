# All six argument registers (di, si, dx, r10, r8, r9): getpid() called with six extra arguments five times.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::getpid:entry /pid == $target/ { printf("%d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5); }'
