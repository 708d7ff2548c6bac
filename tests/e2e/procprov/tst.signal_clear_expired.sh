# A sigtimedwait() whose timeout expires clears no signal: the call fails with EAGAIN and
# proc:::signal-clear does not fire (both on the sys_exit tracepoint, in one program).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc sigpoll" -n 'proc:::signal-clear /pid == $target/ { printf("clear %d\n", args[0]); } syscall::rt_sigtimedwait:return /pid == $target/ { printf("%d %d\n", arg0, errno); }'
