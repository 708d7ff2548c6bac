/* exit(n) from a tick probe ends tracing with status n. */
#pragma D option quiet

tick-10ms
{
	printf("exiting\n");
	exit(42);
}
