/* A negative low magnitude is out of the unsigned 16-bit range. */
BEGIN
{
	@ = llquantize(1, 10, -1, 6, 20);
}
