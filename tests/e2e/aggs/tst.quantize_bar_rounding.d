/* Bar lengths are the share of 40 columns rounded to nearest, halves up: 0.5 gives one '@'. */
#pragma D option quiet

BEGIN
{
	@half = quantize(1, 1);
	@half = quantize(2, 79);
	@third = quantize(1);
	@third = quantize(2);
	@third = quantize(4);
	exit(0);
}
