/*
 * probeprov, probemod, probefunc and probename in tick and profile probes. The profile probe
 * fires on every CPU at once and another CPU may fire before exit() takes effect (in DTrace
 * too), so the names are aggregation keys: each prints once.
 */
#pragma D option quiet

int ticked;

tick-10ms
/!ticked/
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
	ticked = 1;
}

profile-10ms
/ticked/
{
	@[probeprov, probemod, probefunc, probename] = count();
	exit(0);
}

END
{
	printa("[%s] [%s] [%s] [%s]\n", @);
}
