# pid, execname and ustack() of a system-wide probe are those of the process that fired, here one
# bdtrace did not start and was not told about: its address space is read when its stack is
# printed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -q -n 'pid*:$1:lt_ping:entry /pid == $2/ { printf("%s %d", execname, pid == $2); ustack(2); exit(0); }' \
	"$dir/lt_calls" "$lt_pid"
