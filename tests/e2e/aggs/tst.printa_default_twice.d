/* Each format-less printa() starts with an empty line; a quantize() block adds its own. */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	@q = quantize(1);
	printa(@a);
	printa(@a);
	printa(@q);
	exit(0);
}
