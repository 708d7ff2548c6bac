/* llquantize()'s number of steps must be an integer constant. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, timestamp);
}
