/* A printa() format may use only the first keys, or none: the other keys are not printed. */
#pragma D option quiet

BEGIN
{
	@a["x", 1, 2] = sum(7);
	@a["y", 3, 4] = sum(9);
	printa("%s\n", @a);
	printa("%s %d\n", @a);
	printa("%@d\n", @a);
	exit(0);
}
