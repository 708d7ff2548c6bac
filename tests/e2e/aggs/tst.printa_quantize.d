/* %@d of a quantize() prints the whole histogram (from its empty line) where the conversion stands. */
#pragma D option quiet

BEGIN
{
	@q["k"] = quantize(2);
	@q["k"] = quantize(2);
	printa("%s:%@d|\n", @q);
	exit(0);
}
