/* The high magnitude must be greater than the low one. */
BEGIN
{
	@ = llquantize(1, 10, 4, 3, 20);
}
