/* llquantize(v, 3, 0, 38, 9): 3^40 does not fit in int64, so the kernel clamps: every value from
 * 3^38 up lands in the last bucket of the top magnitude, and there is no ">=" bucket. */
#pragma D option quiet
BEGIN
{
	@ = llquantize(450283905890997363, 3, 0, 38, 9);
	@ = llquantize(1350851717672992089, 3, 0, 38, 9);
	@ = llquantize(1801135623563989452, 3, 0, 38, 9);
	@ = llquantize(9223372036854775807, 3, 0, 38, 9);
	exit(0);
}
