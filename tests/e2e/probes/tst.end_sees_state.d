/* END sees the global state left by the probes that fired before it. */
#pragma D option quiet

int n;

tick-1ms
{
	n++;
}

tick-1ms
/n == 4/
{
	exit(0);
}

END
{
	printf("n = %d in END\n", n);
}
