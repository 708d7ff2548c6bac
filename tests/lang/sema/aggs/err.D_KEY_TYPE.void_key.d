/* A void expression cannot be an aggregation key. */
BEGIN
{
	@a[1, (void)0] = count();
}
