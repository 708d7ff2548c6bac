/* -x aggpercpu (Oracle DTrace's layout): each value is followed by one "[CPU n]" line per CPU.
 * BEGIN runs on one CPU; the .sed drops the other CPUs' zero lines and hides the number. */
#pragma D option quiet

BEGIN
{
	@c["a"] = count();
	@c["a"] = count();
	@c["b"] = count();
	@s = sum(42);
	exit(0);
}
