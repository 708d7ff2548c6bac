/* A NULL string (strchr() finding nothing) as an aggregation key faults at address 0 and the
 * aggregation is not updated. */
#pragma D option quiet

BEGIN
{
	@lt_a["found"] = count();
	@lt_a[strchr("abc", 'q')] = count();
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(0);
}
