/* Clause-local variables live for one probe firing, across its clauses. */
#pragma D option quiet

int n;

tick-1ms
{
	this->v = n * 10;
	n++;
}

tick-1ms
{
	this->w = this->v + 1;
}

tick-1ms
/n == 3/
{
	printf("%d %d\n", this->v, this->w);
	exit(0);
}
