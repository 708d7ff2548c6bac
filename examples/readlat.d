/*
 * readlat.d: how long do read(2) calls take, per program?
 * A thread-local variable (self->) carries the entry time to the matching return on the same
 * thread; the latencies go into a power-of-two histogram per program.
 *
 *   bdtrace -s examples/readlat.d
 */

syscall::read:entry
{
	self->start = timestamp;
}

syscall::read:return
/self->start/
{
	@ns[execname] = quantize(timestamp - self->start);
	self->start = 0;
}

END
{
	printf("read(2) latency in nanoseconds, by program:\n");
	printa(@ns);
}
