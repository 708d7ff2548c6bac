/* A normalized avg() is its sum divided by the normal, then by the count. */
#pragma D option quiet

BEGIN
{
	@a["k"] = avg(10);
	@a["k"] = avg(21);
	@b["k"] = avg(10);
	@b["k"] = avg(21);
	normalize(@a, 5);
	normalize(@b, 5);
	printa("%s %@d\n", @a);
	exit(0);
}
