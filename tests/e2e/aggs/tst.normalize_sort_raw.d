/* Sorting uses the raw values: "b" (10) comes before "a" (11) although both print as 1. */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(11);
	@s["b"] = sum(10);
	normalize(@s, 10);
	exit(0);
}
