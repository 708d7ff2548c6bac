/* Several clauses of one firing speculate into the same id; the commit prints them in clause
 * order. */
#pragma D option quiet

BEGIN
{
	lt_spec = speculation();
}

BEGIN
{
	speculate(lt_spec);
	printf("one\n");
}

BEGIN
{
	speculate(lt_spec);
	printf("two\n");
}

BEGIN
{
	printf("direct\n");
}

BEGIN
{
	speculate(lt_spec);
	printf("three\n");
}

BEGIN
{
	commit(lt_spec);
}

BEGIN
{
	exit(0);
}
