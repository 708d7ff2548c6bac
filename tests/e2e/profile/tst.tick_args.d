/* tick-N probes have the same arguments as profile-N: a PC in arg0 or arg1, never both. */
#pragma D option quiet

int n, both, neither;

tick-2ms
{
	n++;
	both += arg0 != 0 && arg1 != 0;
	neither += arg0 == 0 && arg1 == 0;
}

tick-2ms
/n == 10/
{
	printf("both %d neither %d\n", both, neither);
	exit(0);
}
