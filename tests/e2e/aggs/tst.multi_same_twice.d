/* The same aggregation may be listed twice: its value appears in both places. */
#pragma D option quiet

BEGIN
{
	@a["k"] = sum(3);
	@a["j"] = sum(8);
	@b["k"] = sum(1);
	printa("%s %@d %@d %@d\n", @a, @b, @a);
	printa(@a, @a);
	exit(0);
}
