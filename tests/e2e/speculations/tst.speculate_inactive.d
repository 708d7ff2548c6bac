/* speculate() on an id that speculation() has not returned drops the clause silently. */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	lt_a = speculation();
}

BEGIN
{
	speculate(2);
	printf("not printed\n");
}

BEGIN
{
	speculate(lt_a);
	printf("printed\n");
}

BEGIN
{
	commit(2);
}

BEGIN
{
	commit(lt_a);
}

BEGIN
{
	exit(0);
}
