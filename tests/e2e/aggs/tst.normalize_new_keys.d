/* normalize() applies to the entries that exist when the consumer processes it (DTrace's
 * consumer handles BEGIN's records right after tracing starts, long before tick-50ms fires): the
 * key created later prints unnormalized. */
#pragma D option quiet

BEGIN
{
	@s["before"] = sum(100);
	normalize(@s, 10);
}

tick-50ms
{
	@s["after"] = sum(100);
	exit(0);
}
