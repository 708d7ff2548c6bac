/* vtimestamp counts the thread's on-CPU nanoseconds: positive, below timestamp. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", vtimestamp > 0, vtimestamp < timestamp, sizeof (vtimestamp));
	exit(0);
}
