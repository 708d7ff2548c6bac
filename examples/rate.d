/*
 * rate.d: system calls per second, for ten seconds.
 * The aggregation gathers counts on every CPU; the tick probe fires once a second on one CPU,
 * prints the total and starts the next second from zero.
 *
 *   bdtrace -s examples/rate.d
 */

#pragma D option quiet

int secs;

syscall:::entry
{
	@persec = count();
}

tick-1s
{
	printf("%Y  ", walltimestamp);
	printa("%@d syscalls/s\n", @persec);
	clear(@persec);
	secs++;
}

tick-1s
/secs == 10/
{
	exit(0);
}
