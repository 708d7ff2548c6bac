/* probeprov, probemod, probefunc and probename in tick and profile probes. */
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
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
