/* A cleared quantize() prints the -1, 0 and 1 rows; a cleared lquantize() its first three rows; all counts 0. */
#pragma D option quiet

BEGIN
{
	@q = quantize(5);
	@l = lquantize(5, 0, 10);
	clear(@q);
	clear(@l);
	exit(0);
}
