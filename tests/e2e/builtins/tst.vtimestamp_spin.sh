# vtimestamp of a thread that has spun for about 30 ms: the CPU time it has used (within 1 ms),
# including the slice since the scheduler last charged it (up to a tick, 4 ms at HZ=250).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_vtime spin" -n '
syscall::getppid:entry
/pid == $target && arg1 == 1/
{
	self->before = arg0;
	self->v = vtimestamp;
}
syscall::getppid:entry
/self->v && arg1 == 2/
{
	printf("%s\n", self->v > arg0 ? "ahead" : self->v + 1000000 < arg0 ? "behind" : "cpu time");
}'
