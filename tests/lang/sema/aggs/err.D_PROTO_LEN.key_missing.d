/* A keyed aggregation used without keys. */
BEGIN
{
	@a[1] = count();
	@a = count();
}
