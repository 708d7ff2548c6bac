/* lquantize() over a range that spans zero, with values on both sides and outside it. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-3, -3, 3);
	@l = lquantize(-2, -3, 3);
	@l = lquantize(-2, -3, 3);
	@l = lquantize(0, -3, 3);
	@l = lquantize(2, -3, 3);
	@l = lquantize(5, -3, 3);
	@l = lquantize(-4, -3, 3);
	exit(0);
}
