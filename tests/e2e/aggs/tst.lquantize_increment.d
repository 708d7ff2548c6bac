/* lquantize(value, base, limit, step, increment) adds the increment to the value's row. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(2, 0, 5, 1, 10);
	@l = lquantize(3, 0, 5, 1, 5);
	@l = lquantize(2, 0, 5, 1, 1);
	exit(0);
}
