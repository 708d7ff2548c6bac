/* The factor must divide the number of steps. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 15);
}
