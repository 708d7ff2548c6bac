/* An aggregation cannot be the key of another. */
BEGIN
{
	@a = count();
	@b[@a] = count();
}
