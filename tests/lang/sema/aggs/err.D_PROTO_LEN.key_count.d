/* Every use of an aggregation must have as many keys as the first. */
BEGIN
{
	@a[1] = count();
	@a[1, 2] = count();
}
