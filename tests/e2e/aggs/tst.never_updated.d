/* An aggregation whose statement never runs prints nothing at exit, not even an empty line. */
#pragma D option quiet

int lt_never;

BEGIN
/lt_never/
{
	@unused = count();
}

BEGIN
{
	@used = count();
	exit(0);
}
