/* A normalized lquantize() divides each count, the out-of-range buckets too. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-3, 0, 10, 5);
	@l = lquantize(-3, 0, 10, 5);
	@l = lquantize(-3, 0, 10, 5);
	@l = lquantize(6, 0, 10, 5);
	@l = lquantize(7, 0, 10, 5);
	@l = lquantize(20, 0, 10, 5);
	normalize(@l, 3);
	exit(0);
}
