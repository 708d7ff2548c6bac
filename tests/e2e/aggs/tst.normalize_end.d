/* normalize() in END applies to the print at exit. */
#pragma D option quiet

BEGIN
{
	@s["x"] = sum(1000);
	@s["y"] = sum(500);
	exit(0);
}

END
{
	normalize(@s, 100);
}
