/* Later uses of an lquantize() aggregation must have the same limit. */
BEGIN
{
	@l = lquantize(1, 0, 10);
	@l = lquantize(1, 0, 20);
}
