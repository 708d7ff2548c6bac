/* A clause whose actions record nothing prints no line; an empty clause prints the probe line. */
int n;

tick-1ms
{
	n++;
}

tick-1ms
/n == 2/
{
}

tick-1ms
/n == 3/
{
	exit(0);
}
