/* A step larger than the range leaves no level. */
BEGIN
{
	@l = lquantize(1, 0, 10, 20);
}
