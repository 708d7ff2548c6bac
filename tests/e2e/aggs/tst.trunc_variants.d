/* trunc(@a, 2) keeps the two largest values, trunc(@a, -2) the two smallest; trunc(@a, 0) and trunc(@a) remove all. */
#pragma D option quiet

int lt_n;

tick-1ms
{
	lt_n++;
}

tick-1ms
/lt_n <= 5/
{
	@top[lt_n] = sum(lt_n);
	@bottom[lt_n] = sum(lt_n);
	@none[lt_n] = sum(lt_n);
	@all[lt_n] = sum(lt_n);
}

tick-1ms
/lt_n == 6/
{
	trunc(@top, 2);
	trunc(@bottom, -2);
	trunc(@none, 0);
	trunc(@all);
	exit(0);
}
