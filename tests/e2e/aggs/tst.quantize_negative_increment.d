/* With only negative counts the bars grow to the left of the '|'. */
#pragma D option quiet

BEGIN
{
	@q = quantize(3, -1);
	@q = quantize(3, -1);
	exit(0);
}
