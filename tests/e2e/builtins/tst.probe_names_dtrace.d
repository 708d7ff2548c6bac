/* probeprov, probemod, probefunc and probename in BEGIN, ERROR and END. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
	trace(*(int *)0);
}

ERROR
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
	exit(0);
}

END
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
}
