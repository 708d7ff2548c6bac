/* A step that does not divide the range: the levels stop at base + levels * step (9), which becomes the ">=" row. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(0, 0, 10, 3);
	@l = lquantize(4, 0, 10, 3);
	@l = lquantize(8, 0, 10, 3);
	@l = lquantize(9, 0, 10, 3);
	@l = lquantize(10, 0, 10, 3);
	exit(0);
}
