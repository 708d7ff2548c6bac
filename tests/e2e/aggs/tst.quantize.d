/* quantize(): power-of-two buckets, the window one bucket around the data. */
#pragma D option quiet
BEGIN
{
	@q = quantize(0);
	@q = quantize(1);
	@q = quantize(5);
	@q = quantize(5);
	@q = quantize(1000);
	@q = quantize(-3);
	exit(0);
}
