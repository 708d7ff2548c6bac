/* Three failed speculation() calls are reported together, in the plural. */
#pragma D option quiet

BEGIN
{
	lt_a = speculation();
	lt_b = speculation();
	lt_c = speculation();
	lt_d = speculation();
	printf("%d %d %d %d\n", lt_a, lt_b, lt_c, lt_d);
	exit(0);
}
