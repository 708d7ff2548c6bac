/*
 * cpu is the CPU the probe fires on (the one the current thread runs on). profile fires on
 * every CPU at once, and another CPU may fire before exit() takes effect (in DTrace too): the
 * answer is kept in a min() so that any number of firings print one line.
 */
#pragma D option quiet

profile-100hz
{
	@ok = min(cpu == curthread->thread_info.cpu);
	exit(0);
}

END
{
	printa("%@d\n", @ok);
}
