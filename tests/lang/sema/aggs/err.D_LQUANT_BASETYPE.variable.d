/* The lquantize() base must be an integer constant, not a variable. */
BEGIN
{
	lt_base = 0;
	@l = lquantize(1, lt_base, 10);
}
