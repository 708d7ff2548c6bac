/* An aggregation that never received a value prints 0 beside the one that did. */
#pragma D option quiet

BEGIN
/0/
{
	@never["x"] = sum(1);
}

BEGIN
{
	@a["x"] = sum(5);
	@a["y"] = sum(6);
	printa("%s %@d %@d\n", @a, @never);
	exit(0);
}
