/* The lquantize() step must fit in 16 bits. */
BEGIN
{
	@l = lquantize(1, 0, 100000000, 65536);
}
