/* printa() of an aggregation with no entries: the format-less form prints its empty line, a formatted one nothing. */
#pragma D option quiet

int lt_never;

BEGIN
/lt_never/
{
	@a = count();
}

BEGIN
{
	printa(@a);
	printa("%@d\n", @a);
	exit(0);
}
