/* One llquantize() aggregation updated from two clauses with the same parameters; with a
 * factor of 2 and 4 steps the lower magnitudes have fewer than 4 buckets. */
#pragma D option quiet
BEGIN
{
	@ = llquantize(8, 2, 0, 4, 4);
}

BEGIN
{
	@ = llquantize(13, 2, 0, 4, 4);
	@ = llquantize(1, 2, 0, 4, 4);
	@ = llquantize(5, 2, 0, 4, 4);
	exit(0);
}
