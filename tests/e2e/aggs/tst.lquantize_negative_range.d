/* lquantize() over a range of negative numbers with a step of 2. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-9, -10, -2, 2);
	@l = lquantize(-4, -10, -2, 2);
	@l = lquantize(-1, -10, -2, 2);
	@l = lquantize(-2, -10, -2, 2);
	@l = lquantize(-20, -10, -2, 2);
	exit(0);
}
