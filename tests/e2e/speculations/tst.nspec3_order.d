/* Three speculations at once (nspec=3), filled by several firings: each commit prints its own
 * records, in the order of the commits; a discarded one prints nothing. */
#pragma D option quiet
#pragma D option nspec=3

int lt_n;

BEGIN
{
	lt_a = speculation();
	lt_b = speculation();
	lt_c = speculation();
}

tick-1ms
/lt_n < 3/
{
	speculate(lt_a);
	printf("a: tick %d\n", lt_n);
}

tick-1ms
/lt_n < 3/
{
	speculate(lt_b);
	printf("b: tick %d\n", lt_n);
}

tick-1ms
/lt_n < 3/
{
	speculate(lt_c);
	printf("c: tick %d\n", lt_n);
}

tick-1ms
/lt_n == 3/
{
	commit(lt_c);
}

tick-1ms
/lt_n == 4/
{
	discard(lt_b);
}

tick-1ms
/lt_n == 5/
{
	commit(lt_a);
}

tick-1ms
/lt_n == 6/
{
	printf("ids %d %d %d\n", lt_a, lt_b, lt_c);
	exit(0);
}

tick-1ms
{
	lt_n++;
}
