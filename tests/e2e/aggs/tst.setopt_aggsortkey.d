/* setopt("aggsortkey") applies to the printa() calls that follow and to the print at exit. */
#pragma D option quiet

BEGIN
{
	@a["b"] = sum(1);
	@a["a"] = sum(2);
	@z["y"] = sum(1);
	@z["x"] = sum(2);
	printa("%s %@d\n", @a);
	setopt("aggsortkey");
	printa("%s %@d\n", @a);
	exit(0);
}
