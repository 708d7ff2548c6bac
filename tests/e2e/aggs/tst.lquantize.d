/* lquantize(): linear buckets with < base and >= limit rows. */
#pragma D option quiet
BEGIN
{
	@l = lquantize(-5, 0, 10, 2);
	@l = lquantize(3, 0, 10, 2);
	@l = lquantize(7, 0, 10, 2);
	@l = lquantize(7, 0, 10, 2);
	@l = lquantize(25, 0, 10, 2);
	exit(0);
}
