/* A key tuple of mixed types: every member takes part in the lookup. */
#pragma D option quiet

BEGIN
{
	lt_a["x", 1, 2] = 12;
	lt_a["x", 2, 1] = 21;
	lt_a["y", 1, 2] = 99;
	printf("%d %d %d %d\n", lt_a["x", 1, 2], lt_a["x", 2, 1], lt_a["y", 1, 2], lt_a["y", 2, 1]);
	exit(0);
}
