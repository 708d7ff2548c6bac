/* lquantize() entries with equal weighted sums sort by the count in the bucket of zero: "b"
 * (-1 and 1, nothing at zero) comes before "a" (one zero). */
#pragma D option quiet

BEGIN
{
	@l["a"] = lquantize(0, -5, 5, 1);
	@l["b"] = lquantize(-1, -5, 5, 1);
	@l["b"] = lquantize(1, -5, 5, 1);
	exit(0);
}
