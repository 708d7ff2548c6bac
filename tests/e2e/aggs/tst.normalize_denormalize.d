/* denormalize() brings back the raw values of one aggregation; another stays normalized. */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(100);
	@t["b"] = sum(100);
	normalize(@s, 4);
	normalize(@t, 4);
	printa("%s %@d\n", @s);
	denormalize(@s);
	printa("%s %@d\n", @s);
	exit(0);
}
