/* With one speculation (nspec=1), an id committed on the CPU that speculated into it is free
 * again at once: the next speculation() returns it. */
#pragma D option quiet

int lt_n;

tick-1ms
/lt_n == 1/
{
	lt_a = speculation();
	speculate(lt_a);
	printf("first use of id %d\n", lt_a);
}

tick-1ms
/lt_n == 2/
{
	commit(lt_a);
}

tick-1ms
/lt_n == 3/
{
	lt_b = speculation();
	speculate(lt_b);
	printf("second use of id %d\n", lt_b);
}

tick-1ms
/lt_n == 4/
{
	commit(lt_b);
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
