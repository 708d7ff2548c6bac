/* Key elements of aggregations printed together must have compatible types. */
#pragma D option quiet

BEGIN
{
	@a[7] = sum(1);
	@b["seven"] = sum(2);
	printa("%d %@d %@d\n", @a, @b);
}
