/* The lquantize() step must be an integer constant, not a variable. */
BEGIN
{
	lt_step = 2;
	@l = lquantize(1, 0, 10, lt_step);
}
