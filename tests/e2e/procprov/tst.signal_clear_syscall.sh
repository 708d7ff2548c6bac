# signal-clear and the syscall provider's rt_sigtimedwait return see the same value.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc sigwait" -n 'syscall::rt_sigtimedwait:return /pid == $target/ { r = arg0; } proc:::signal-clear /pid == $target/ { c = args[0]; n++; } END { printf("%d %d %d\n", r, c, n); }'
