/* An aggregation keeps the function its first use gave it. */
BEGIN
{
	@a = count();
	@a = sum(1);
}
