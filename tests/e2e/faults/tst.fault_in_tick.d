/* Faults in a tick probe are reported each time; the probe keeps firing. */
#pragma D option quiet

int n;

tick-1ms
{
	n++;
}

tick-1ms
/n <= 3/
{
	trace(*(int *)0);
}

tick-1ms
/n == 6/
{
	printf("still firing\n");
	exit(0);
}
