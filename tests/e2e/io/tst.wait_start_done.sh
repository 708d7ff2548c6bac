# io:::wait-start and wait-done: the program's direct reads of its loop device wait for the
# loop worker, in io_schedule(); wait-start fires in the waiting thread as it blocks, and
# wait-done as that same thread when it comes back (its self-> variables), later. A wait names
# no request: args[] are translations of NULL.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 8" -n '
BEGIN { waits = 0; done = 0; none = 1; }
io:::wait-start /pid == $target/
{
	self->ws = timestamp;
	waits++;
	none &= args[0]->b_bcount == 0 && args[1]->dev_statname == "<none>" && args[2]->fi_name == "<none>";
}
io:::wait-done /pid == $target && self->ws/
{
	done += timestamp > self->ws;
	self->ws = 0;
}
END { printf("%d %d %d\n", waits > 0, done == waits, none); }'
