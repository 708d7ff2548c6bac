/* Once exit() has been called, no other probe fires before END. */
#pragma D option quiet

int n;

tick-1ms
{
	n++;
	exit(0);
}

END
{
	printf("tick fired %d time(s)\n", n);
}
