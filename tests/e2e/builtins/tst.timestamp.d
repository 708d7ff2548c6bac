/*
 * timestamp is in nanoseconds and increases; it is the same in every clause of
 * one probe firing.
 */
#pragma D option quiet

uint64_t start, t;

BEGIN
{
	start = timestamp;
}

tick-20ms
{
	t = timestamp;
}

tick-20ms
{
	this->ms = (t - start) / 1000000;
	printf("%d %d\n", t == timestamp, this->ms >= 15 && this->ms < 1000);
	exit(0);
}
