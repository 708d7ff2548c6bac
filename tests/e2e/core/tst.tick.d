#pragma D option quiet
int n;
profile:::tick-10ms
{
	n++;
}
profile:::tick-10ms
/n == 3/
{
	printf("ticked %d times\n", n);
	exit(0);
}
