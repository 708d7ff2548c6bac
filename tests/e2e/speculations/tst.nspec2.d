/* nspec=2 gives two speculations, 1 and 2; the third speculation() fails. */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	lt_a = speculation();
	lt_b = speculation();
	lt_c = speculation();
	printf("%d %d %d\n", lt_a, lt_b, lt_c);
	exit(0);
}
