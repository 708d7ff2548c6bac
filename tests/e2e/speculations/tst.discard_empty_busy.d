/* Discarding a speculation nothing was speculated into leaves it busy until the next clean
 * (-x cleanrate): speculation() fails meanwhile, and the failure is "busy". Half a second
 * later the id is free again. */
#pragma D option quiet

BEGIN
{
	lt_a = speculation();
	discard(lt_a);
	lt_b = speculation();
	printf("%d %d\n", lt_a, lt_b);
}

tick-500ms
{
	printf("later: %d\n", speculation());
	exit(0);
}
