/*
 * An aggregation printa() printed is not printed again at exit, even after a later update of
 * the printed key; an aggregation never printed is. The printa() format shows only the key so
 * that the output does not depend on when the consumer snapshots the data.
 */
#pragma D option quiet

int lt_n;

BEGIN
{
	@a["x"] = count();
	@b["y"] = count();
	printa("%s printed\n", @a);
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
