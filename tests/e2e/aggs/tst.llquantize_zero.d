/* llquantize(): with a low magnitude of 0, zero is below factor^0 = 1. */
#pragma D option quiet
BEGIN
{
	@ = llquantize(0, 10, 0, 3, 10);
	@ = llquantize(0, 10, 0, 3, 10);
	exit(0);
}
