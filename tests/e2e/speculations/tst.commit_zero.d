/* commit(0) and discard(0) do nothing, and the clause goes on. */
#pragma D option quiet

BEGIN
{
	commit(0);
	lt_c = 1;
}

BEGIN
{
	discard(0);
	lt_d = 1;
}

BEGIN
{
	printf("%d %d\n", lt_c, lt_d);
	exit(0);
}
