/* llquantize(): values at or above factor^(high+1) go to the last bucket, ">= factor^(high+1)". */
#pragma D option quiet
BEGIN
{
	@ = llquantize(7, 10, 0, 1, 10);
	@ = llquantize(100, 10, 0, 1, 10);
	@ = llquantize(123456789, 10, 0, 1, 10);
	@ = llquantize(9223372036854775807, 10, 0, 1, 10);
	exit(0);
}
