/* id is the probe ID: the same in every clause of one probe, different between probes. */
#pragma D option quiet

uint_t a, b;

tick-1ms
{
	a = id;
}

tick-2ms
{
	b = id;
}

tick-1ms
/b != 0/
{
	printf("%d %d %d\n", a == id, a != b, id > 3);
	exit(0);
}
