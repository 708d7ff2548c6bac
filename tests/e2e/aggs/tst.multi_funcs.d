/* Aggregations of different functions joined in one printa(); avg() shows its mean, and a key
 * an aggregation lacks shows 0. */
#pragma D option quiet

BEGIN
{
	@c["a"] = count();
	@c["a"] = count();
	@c["b"] = count();
	@s["a"] = sum(10);
	@s["b"] = sum(-4);
	@av["a"] = avg(4);
	@av["a"] = avg(6);
	@mn["a"] = min(3);
	@mn["b"] = min(-2);
	@mx["b"] = max(9);
	printa("%s %@d %@d %@d %@d %@d\n", @c, @s, @av, @mn, @mx);
	printa(@c, @s, @av, @mn, @mx);
	exit(0);
}
