/* quantize() rows with the same weighted sum are ordered by their count of zeros, then by key. */
#pragma D option quiet

BEGIN
{
	@q["a"] = quantize(0);
	@q["a"] = quantize(0);
	@q["a"] = quantize(1);
	@q["b"] = quantize(1);
	exit(0);
}
