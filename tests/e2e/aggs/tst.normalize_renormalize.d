/* A second normalize() replaces the first normal. */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(100);
	normalize(@s, 2);
	printa("%s %@d\n", @s);
	normalize(@s, 5);
	printa("%s %@d\n", @s);
	exit(0);
}
