/* The aggregations a joined printa() printed are not printed again at exit; the others are. */
#pragma D option quiet

BEGIN
{
	@a["k"] = sum(1);
	@b["k"] = sum(2);
	@c["k"] = sum(3);
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}
