/* The lquantize() base must fit in 32 bits. */
BEGIN
{
	@l = lquantize(1, -2147483649, 0);
}
