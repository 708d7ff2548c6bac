/* A keyed lquantize() prints each key line and then its histogram, keys sorted by the weighted sum. */
#pragma D option quiet

BEGIN
{
	@l["y"] = lquantize(3, 0, 4);
	@l["x"] = lquantize(1, 0, 4);
	@l["x"] = lquantize(1, 0, 4);
	exit(0);
}
