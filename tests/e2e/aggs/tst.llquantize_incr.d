/* llquantize()'s sixth argument is the increment added to the bucket (1 when absent). */
#pragma D option quiet
BEGIN
{
	lt_n = 6;
	@ = llquantize(5, 10, 0, 1, 10, 3);
	@ = llquantize(5, 10, 0, 1, 10, 4);
	@ = llquantize(20, 10, 0, 1, 10, 10);
	@ = llquantize(60, 10, 0, 1, 10, lt_n * 2);
	@ = llquantize(500, 10, 0, 1, 10);
	exit(0);
}
