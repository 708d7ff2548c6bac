/* llquantize()'s factor must be at least 2. */
BEGIN
{
	@ = llquantize(1, 1, 0, 6, 20);
}
