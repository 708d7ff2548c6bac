/* The lquantize() limit must fit in 32 bits. */
BEGIN
{
	@l = lquantize(1, 0, 2147483648);
}
