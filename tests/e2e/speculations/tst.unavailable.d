/* nspec defaults to 1: a second speculation() returns 0, and the failure is reported on
 * stderr. */
#pragma D option quiet

BEGIN
{
	lt_a = speculation();
	lt_b = speculation();
	printf("%d %d\n", lt_a, lt_b);
	exit(0);
}
