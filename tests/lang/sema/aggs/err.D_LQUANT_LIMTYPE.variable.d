/* The lquantize() limit must be an integer constant, not a variable. */
BEGIN
{
	lt_limit = 10;
	@l = lquantize(1, 0, lt_limit);
}
