/*
 * DTrace formats the average for a printa() conversion with an unsigned division of the sum by
 * the count, so a negative average prints as a huge number there, while the default output
 * (here at exit) divides signed and prints -1.
 */
#pragma D option quiet

BEGIN
{
	@printed = avg(-1);
	@printed = avg(-2);
	@plain = avg(-1);
	@plain = avg(-2);
	printa("%@d\n", @printed);
	exit(0);
}
