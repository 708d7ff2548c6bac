# vtimestamp includes the slice the thread is running: a new process that has spun for a
# while, which the scheduler has not yet charged for it, reads the CPU time it has used.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_vtime children 20" -n '
syscall::getppid:entry
/progenyof($target) && pid != $target && arg1 == 1/
{
	self->before = arg0;
	self->v = vtimestamp;
}
syscall::getppid:entry
/self->v && arg1 == 2/
{
	/* Spinning took nearly all the time from before to after. */
	@[self->v > arg0 ? "ahead" : self->v - self->before < (arg0 - self->before) / 2 ? "behind" : "cpu time"] = count();
}'
