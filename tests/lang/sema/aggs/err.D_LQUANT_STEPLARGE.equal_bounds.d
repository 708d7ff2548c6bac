/* A base equal to the limit is not an error of its own: it leaves no level. */
BEGIN
{
	@l = lquantize(1, 5, 5);
}
