/* The lquantize() step must be positive. */
BEGIN
{
	@l = lquantize(1, 0, 10, 0);
}
