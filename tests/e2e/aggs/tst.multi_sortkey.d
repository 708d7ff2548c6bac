/* aggsortkey orders joined rows by key, whatever the values. */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@a["c"] = sum(1);
	@a["a"] = sum(3);
	@a["b"] = sum(2);
	@b["b"] = sum(9);
	@b["d"] = sum(0);
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}
