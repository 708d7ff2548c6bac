/* -x aggzoom: histogram bars scaled so that the largest bucket fills 95% of the bar. */
#pragma D option quiet
#pragma D option aggzoom

BEGIN
{
	@ = quantize(3);
	@ = quantize(3);
	@ = quantize(3);
	@ = quantize(100);
	@l = lquantize(-5, -10, 10, 5);
	@l = lquantize(7, -10, 10, 5);
	@l = lquantize(7, -10, 10, 5);
	exit(0);
}
