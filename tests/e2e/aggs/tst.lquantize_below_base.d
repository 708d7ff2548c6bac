/* lquantize() values below the base all count in the "< base" row. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-5, 0, 10);
	@l = lquantize(-1, 0, 10);
	@l = lquantize(-100, 0, 10);
	exit(0);
}
