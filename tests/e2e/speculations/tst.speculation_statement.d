/* speculation() as a statement takes an id nobody will commit: with nspec=1 the next one
 * fails. */
#pragma D option quiet

BEGIN
{
	speculation();
	printf("%d\n", speculation());
	exit(0);
}
