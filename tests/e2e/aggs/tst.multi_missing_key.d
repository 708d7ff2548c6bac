/* A key that one aggregation lacks shows that aggregation's value as 0. */
#pragma D option quiet

BEGIN
{
	@a["x"] = sum(5);
	@a["y"] = sum(2);
	@b["y"] = sum(7);
	@b["z"] = sum(1);
	printa("%s %@d %@d\n", @a, @b);
	printa(@a, @b);
	exit(0);
}
