/* The number of steps must divide a power of the factor: 24 divides no power of 6. */
BEGIN
{
	@ = llquantize(1, 6, 0, 3, 24);
}
