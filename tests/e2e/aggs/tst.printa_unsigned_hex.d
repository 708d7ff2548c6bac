/* A sum of -1 through %@d, %@u, %@x, %@X and %@o: the value is a 64-bit integer. */
#pragma D option quiet

BEGIN
{
	@s = sum(-1);
	printa("%@d %@u %@x %@X %@o\n", @s);
	exit(0);
}
