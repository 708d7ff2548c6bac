/* -x aggpercpu with a format-less printa(): the "[CPU n]" lines follow each value there too.
 * The .sed drops the zero lines of CPUs that did not fire and hides the CPU number. */
#pragma D option quiet
#pragma D option aggpercpu

BEGIN
{
	@s["x"] = sum(5);
	@s["y"] = sum(7);
	printa(@s);
	exit(0);
}
