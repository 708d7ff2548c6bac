/*
 * lquantize() rows sort by the sum of count times row value, where the ">= limit" row weighs
 * limit + 1 (here 11): one overflow (11) sorts after two values of 5 (10).
 */
#pragma D option quiet

BEGIN
{
	@l["a"] = lquantize(50, 0, 10);
	@l["b"] = lquantize(5, 0, 10);
	@l["b"] = lquantize(5, 0, 10);
	exit(0);
}
