/* The increment must be a scalar. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 20, "one");
}
