/* -x oformat=json at exit: every aggregation not printed by printa(), keys typed, scalars as
 * numbers, histograms as their buckets (the non-zero ones and the rows around them). */
BEGIN
{
	@sum[1, "a"] = sum(-5);
	@sum[2, "b"] = sum(7);
	@avg = avg(3);
	@avg = avg(4);
	@q = quantize(5);
	@q = quantize(100);
	@l = lquantize(42, 0, 100, 10);
	exit(0);
}
