/* An aggregation named alone must have been defined before. */
BEGIN
{
	@lt_never;
}
