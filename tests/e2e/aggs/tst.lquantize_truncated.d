/* lquantize() compares the value as a 32-bit signed integer: the upper 32 bits are ignored. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(0x100000003, 0, 10);
	@l = lquantize(0xffffffff, 0, 10);
	@l = lquantize(0x80000005, 0, 10);
	@l = lquantize(0x7fffffff, 0, 10);
	exit(0);
}
