/* Aggregations printed together need the same number of key elements. */
#pragma D option quiet

BEGIN
{
	@calls[1] = count();
	@total = count();
	printa("%d %@d %@d\n", @calls, @total);
}
