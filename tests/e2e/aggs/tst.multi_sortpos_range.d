/* An aggsortpos not below the number of aggregations printed counts as 0. */
#pragma D option quiet
#pragma D option aggsortpos=3

BEGIN
{
	@a["p"] = sum(1);
	@a["q"] = sum(2);
	@a["r"] = sum(3);
	@a["s"] = sum(4);
	@b["p"] = sum(3);
	@b["q"] = sum(3);
	@b["r"] = sum(1);
	@b["s"] = sum(2);
	@c["p"] = sum(9);
	@c["q"] = sum(8);
	@c["r"] = sum(7);
	@c["s"] = sum(6);
	printa("%s %@d %@d %@d\n", @a, @b, @c);
	exit(0);
}
