/* quantize() of negative values only: -5 counts in the -4 bucket; the window ends at the 0 bucket. */
#pragma D option quiet

BEGIN
{
	@q = quantize(-1);
	@q = quantize(-5);
	@q = quantize(-5);
	@q = quantize(-100);
	exit(0);
}
