/* quantize(value, increment) adds the increment to the value's bucket instead of 1. */
#pragma D option quiet

BEGIN
{
	@q = quantize(8, 5);
	@q = quantize(8, 1);
	@q = quantize(2, 3);
	exit(0);
}
