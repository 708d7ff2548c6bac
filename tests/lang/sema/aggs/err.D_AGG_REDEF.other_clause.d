/* An aggregation keeps the function of its first use, in any clause. */
BEGIN
{
	@a[1] = sum(1);
}

END
{
	@a[2] = max(2);
}
