/* Speculative records traced by several firings wait for the commit, and then print in the
 * order they were traced, after everything printed before the commit. */
#pragma D option quiet

int lt_n;

BEGIN
{
	lt_spec = speculation();
	printf("BEGIN: id %d\n", lt_spec);
}

tick-1ms
/lt_n == 1/
{
	speculate(lt_spec);
	printf("tick %d: speculative\n", lt_n);
}

tick-1ms
/lt_n == 2/
{
	printf("tick %d: direct\n", lt_n);
}

tick-1ms
/lt_n == 3/
{
	speculate(lt_spec);
	printf("tick %d: speculative\n", lt_n);
}

tick-1ms
/lt_n == 4/
{
	commit(lt_spec);
}

tick-1ms
/lt_n == 4/
{
	printf("tick %d: after the commit\n", lt_n);
}

tick-1ms
/lt_n == 5/
{
	exit(0);
}

tick-1ms
{
	lt_n++;
}
