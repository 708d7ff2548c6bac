/* At most 65535 levels: 65536 steps of 1 are too many. */
BEGIN
{
	@l = lquantize(1, 0, 65536);
}
