/* A speculation discarded on the CPU that speculated into it is free again at once, and its
 * next use starts empty. */
#pragma D option quiet

int lt_n;

tick-1ms
/lt_n == 1/
{
	lt_a = speculation();
	speculate(lt_a);
	printf("discarded %d\n", lt_n);
}

tick-1ms
/lt_n == 2/
{
	discard(lt_a);
}

tick-1ms
/lt_n == 3/
{
	lt_b = speculation();
	speculate(lt_b);
	printf("id %d reused at %d\n", lt_b, lt_n);
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
