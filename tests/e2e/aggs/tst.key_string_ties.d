/* Equal values are ordered by string key byte by byte: a prefix sorts before longer strings. */
#pragma D option quiet

BEGIN
{
	@a["b"] = count();
	@a["ab"] = count();
	@a["a"] = count();
	@a["B"] = count();
	@a["zz"] = count();
	@a["zz"] = count();
	exit(0);
}
