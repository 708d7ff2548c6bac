/* The lquantize() limit must not be below the base. */
BEGIN
{
	@l = lquantize(1, 10, 5);
}
