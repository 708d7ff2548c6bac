/* llquantize() takes at least five arguments. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6);
}
