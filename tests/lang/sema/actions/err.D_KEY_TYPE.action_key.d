/* An action used as an aggregation key is a void key. */
BEGIN
{
	@lt_a[trace(1)] = count();
}
