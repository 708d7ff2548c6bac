/* normalize(@s, n): the exit print shows every value divided by n. */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(100);
	@s["b"] = sum(250);
	@s["c"] = sum(7);
	normalize(@s, 10);
	exit(0);
}
