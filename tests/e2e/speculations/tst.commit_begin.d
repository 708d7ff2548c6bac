/* A speculation committed within BEGIN: the speculative record prints when the commit is
 * reached, after the record traced before it, under the probe that traced it. The clause
 * that commits prints nothing of its own. */
BEGIN
{
	lt_spec = speculation();
}

BEGIN
{
	speculate(lt_spec);
	printf("speculative\n");
}

BEGIN
{
	printf("not speculative\n");
}

BEGIN
{
	commit(lt_spec);
}

BEGIN
{
	exit(0);
}
