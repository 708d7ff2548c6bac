/* Aggregations may not be speculative. */
BEGIN
{
	speculate(1);
	@a = count();
}
