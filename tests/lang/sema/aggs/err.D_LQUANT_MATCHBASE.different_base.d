/* Later uses of an lquantize() aggregation must have the same base. */
BEGIN
{
	@l = lquantize(1, 10, 20, 1);
	@l = lquantize(1, 15, 20, 1);
}
