/* A %@ beyond the aggregations listed prints the last one again. */
#pragma D option quiet

BEGIN
{
	@a = sum(7);
	@b = sum(9);
	printa("%@d %@d %@d\n", @a, @b);
	printa("%@d/%@d\n", @a);
	exit(0);
}
