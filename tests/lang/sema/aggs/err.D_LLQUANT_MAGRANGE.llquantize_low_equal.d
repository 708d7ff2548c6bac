/* Equal low and high magnitudes are refused too. */
BEGIN
{
	@ = llquantize(1, 10, 3, 3, 20);
}
