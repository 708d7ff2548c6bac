/* An element of an aggregation, read as a statement, does nothing. */
BEGIN
{
	@lt_a[1];
}
