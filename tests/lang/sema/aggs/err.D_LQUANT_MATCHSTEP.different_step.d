/* Same base and top level but a different step. */
BEGIN
{
	@l = lquantize(1, 0, 10, 1);
	@l = lquantize(1, 0, 10, 2);
}
