/* llquantize()'s factor must fit in 16 bits, unsigned. */
BEGIN
{
	@ = llquantize(1, 65536, 0, 6, 20);
}
