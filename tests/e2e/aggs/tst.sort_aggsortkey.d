/* -x aggsortkey: rows ordered by key, whatever their values; "app" comes before "apple". */
#pragma D option quiet

BEGIN
{
	@s["pear"] = sum(1);
	@s["apple"] = sum(5);
	@s["fig"] = sum(3);
	@s["Zebra"] = sum(4);
	@s["app"] = sum(2);
	exit(0);
}
