/* A normalized quantize() divides each count; the bars still follow the raw counts. */
#pragma D option quiet

BEGIN
{
	@q = quantize(1);
	@q = quantize(1);
	@q = quantize(1);
	@q = quantize(1);
	@q = quantize(8);
	@q = quantize(8);
	normalize(@q, 2);
	exit(0);
}
