/* quantize() of 0 and 1: the 0 and 1 buckets, with one empty bucket on each side (-1 and 2). */
#pragma D option quiet

BEGIN
{
	@q = quantize(0);
	@q = quantize(0);
	@q = quantize(1);
	exit(0);
}
