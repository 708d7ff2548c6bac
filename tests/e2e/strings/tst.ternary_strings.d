/* ?: between strings yields a string; strings in comparisons with ?: results. */
#pragma D option quiet

int n;

tick-1ms
{
	n++;
	this->s = n % 2 ? "odd" : "even";
	printf("%d %s\n", n, this->s);
}

tick-1ms
/n == 3/
{
	exit(0);
}
