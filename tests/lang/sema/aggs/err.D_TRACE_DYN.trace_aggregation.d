/* An aggregation cannot be read in an expression: trace() refuses it. */
BEGIN
{
	@a = count();
	trace(@a);
}
