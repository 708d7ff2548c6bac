/* trace() and printf() after speculate(), committed: each value as trace() prints it. */
BEGIN
{
	lt_spec = speculation();
}

BEGIN
{
	speculate(lt_spec);
	trace(42);
	trace("text");
	printf(" and %d", 7);
}

BEGIN
{
	commit(lt_spec);
}

BEGIN
{
	exit(0);
}
