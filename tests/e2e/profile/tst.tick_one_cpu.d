/*
 * tick-N fires once per interval in all (on one CPU), not once per CPU:
 * tick-5ms fires about 20 times in 100ms, whatever the number of CPUs.
 */
#pragma D option quiet

int n;

tick-5ms
{
	n++;
}

tick-100ms
{
	printf("%s\n", n >= 12 && n <= 28 ? "one firing per interval" : "wrong rate");
	exit(0);
}
