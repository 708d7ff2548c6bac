/* quantize() and lquantize() are different functions for one aggregation. */
BEGIN
{
	@q = quantize(1);
	@q = lquantize(1, 0, 10);
}
