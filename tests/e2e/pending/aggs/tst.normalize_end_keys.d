/* exit() in BEGIN: DTrace's first consumer pass sees the exit, stops tracing (END fires) and only
 * then snapshots the aggregations and processes BEGIN's records, so the normalize() in BEGIN
 * also covers the key END creates. */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(100);
	normalize(@s, 10);
	exit(0);
}

END
{
	@s["b"] = sum(100);
}
