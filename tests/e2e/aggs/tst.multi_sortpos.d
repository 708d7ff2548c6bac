/* -x aggsortpos=1: joined rows sort on the second aggregation, then the third, then the first. */
#pragma D option quiet

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
