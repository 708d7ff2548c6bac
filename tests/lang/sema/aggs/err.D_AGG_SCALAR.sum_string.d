/* The value of sum() must be a scalar. */
BEGIN
{
	@a = sum("x");
}
