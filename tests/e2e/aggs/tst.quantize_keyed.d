/* A keyed quantize() prints the key line and then its histogram; keys sort by the sum of bucket values. */
#pragma D option quiet

BEGIN
{
	@q["b"] = quantize(3);
	@q["b"] = quantize(3);
	@q["a"] = quantize(100);
	exit(0);
}
