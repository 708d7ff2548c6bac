/* An associative array with integer keys: each element is its own variable; an element never
 * assigned reads as 0. */
#pragma D option quiet

BEGIN
{
	lt_a[1] = 10;
	lt_a[2] = 20;
	lt_a[-1] = 30;
	printf("%d %d %d %d\n", lt_a[1], lt_a[2], lt_a[-1], lt_a[3]);
	exit(0);
}
