/* llquantize(v, 10, 0, 6, 20): 20 steps per magnitude, so from 10 up each bucket is a
 * twentieth of the next power of ten (10, 15, 20, ...). */
#pragma D option quiet
BEGIN
{
	@ = llquantize(10, 10, 0, 6, 20);
	@ = llquantize(14, 10, 0, 6, 20);
	@ = llquantize(15, 10, 0, 6, 20);
	@ = llquantize(94, 10, 0, 6, 20);
	@ = llquantize(100, 10, 0, 6, 20);
	exit(0);
}
