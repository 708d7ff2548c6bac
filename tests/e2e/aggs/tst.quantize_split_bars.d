/* With a negative increment some counts are negative: the bars split at a centre line, 20 columns a side. */
#pragma D option quiet

BEGIN
{
	@q = quantize(1, 3);
	@q = quantize(4, -2);
	@q = quantize(16, 1);
	exit(0);
}
