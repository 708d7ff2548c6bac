/* An aggregation can only be assigned an aggregating function. */
BEGIN
{
	@a = 1;
}
