/* lquantize() values at or above the limit count in the ">= limit" row; limit - 1 is the last level. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(10, 0, 10);
	@l = lquantize(1000, 0, 10);
	@l = lquantize(9, 0, 10);
	exit(0);
}
