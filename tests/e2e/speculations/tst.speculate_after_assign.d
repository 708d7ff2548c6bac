/* Assignments and speculation() may come before speculate() in the same clause. */
#pragma D option quiet

BEGIN
{
	lt_i = 3;
	lt_spec = speculation();
	speculate(lt_spec);
	printf("speculative %d\n", lt_i);
	lt_i = 4;
}

BEGIN
{
	printf("direct %d\n", lt_i);
}

BEGIN
{
	commit(lt_spec);
}

BEGIN
{
	exit(0);
}
