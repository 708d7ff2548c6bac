/* A variable first assigned in the action list may be read in the clause's predicate. */
#pragma D option quiet

tick-1ms
/lt_seen == 0/
{
	lt_seen = 1;
	printf("first firing only\n");
}

tick-5ms
{
	exit(0);
}
