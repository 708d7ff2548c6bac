/* discard() and commit() of two speculations in one clause. */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	lt_a = speculation();
	lt_b = speculation();
}

BEGIN
{
	speculate(lt_a);
	printf("a\n");
}

BEGIN
{
	speculate(lt_b);
	printf("b\n");
}

BEGIN
{
	discard(lt_a);
	commit(lt_b);
}

BEGIN
{
	exit(0);
}
