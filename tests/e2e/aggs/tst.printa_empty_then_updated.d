/*
 * The "printed" mark is set only when printa() prints an entry: an aggregation that was empty
 * when printa() ran and is updated later is printed at exit.
 */
#pragma D option quiet

int lt_n;

BEGIN
/lt_n/
{
	@a["x"] = count();
}

BEGIN
{
	printa(@a);
}

tick-1ms
{
	lt_n++;
}

tick-1ms
/lt_n == 20/
{
	@a["x"] = count();
	exit(0);
}
