/* Records of a discarded speculation never print. */
#pragma D option quiet

int lt_n;

BEGIN
{
	lt_spec = speculation();
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
	discard(lt_spec);
}

tick-1ms
/lt_n == 4/
{
	printf("tick %d: done\n", lt_n);
	exit(0);
}

tick-1ms
{
	lt_n++;
}
