/* Drops of a discarded speculation are not reported: DTrace counts a speculative buffer's
 * drops when it is committed. */
#pragma D option quiet
#pragma D option specsize=32

int lt_n;

BEGIN
{
	lt_spec = speculation();
}

tick-1ms
/lt_n < 4/
{
	speculate(lt_spec);
	printf("tick %d\n", lt_n);
}

tick-1ms
/lt_n == 4/
{
	discard(lt_spec);
}

tick-1ms
/lt_n == 5/
{
	printf("done\n");
	exit(0);
}

tick-1ms
{
	lt_n++;
}
