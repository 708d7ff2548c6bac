/* llquantize() (illumos): negative values land in bucket 0 with the values below factor^low. */
#pragma D option quiet
BEGIN
{
	@ = llquantize(-1, 10, 0, 2, 10);
	@ = llquantize(-1000000, 10, 0, 2, 10);
	@ = llquantize(-9223372036854775807, 10, 0, 2, 10);
	@ = llquantize(2, 10, 0, 2, 10);
	exit(0);
}
