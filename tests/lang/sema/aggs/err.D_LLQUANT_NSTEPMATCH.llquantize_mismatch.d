/* The first differing parameter is the one reported, across clauses too. */
BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
}

BEGIN
{
	@a = llquantize(1, 10, 0, 6, 10);
}
