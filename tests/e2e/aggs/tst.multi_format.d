/* printa() of two aggregations with one format: the keys, then the first aggregation's value for
 * the first %@ and the second's for the second; rows sorted on the first aggregation. */
#pragma D option quiet

BEGIN
{
	@calls["read"] = count();
	@calls["read"] = count();
	@calls["read"] = count();
	@calls["write"] = count();
	@bytes["read"] = sum(300);
	@bytes["write"] = sum(4096);
	printa("%-8s %@4d %@8d\n", @calls, @bytes);
	exit(0);
}
