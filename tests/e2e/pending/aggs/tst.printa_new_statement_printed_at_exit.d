/*
 * DTrace marks as printed the entries' aggregating statement, not the whole aggregation: a key
 * that a different statement creates after the printa() is printed at exit; the printed key is not.
 */
#pragma D option quiet

int lt_n;

BEGIN
{
	@a["x"] = count();
	printa("%s printed\n", @a);
}

tick-1ms
{
	lt_n++;
}

tick-1ms
/lt_n == 20/
{
	@a["y"] = count();
	exit(0);
}
