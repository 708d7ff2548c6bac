/* Entries of equal value are ordered by key; string keys compare byte by byte, so an upper-case
 * letter comes before every lower-case one. */
#pragma D option quiet

BEGIN
{
	@c["pear"] = count();
	@c["apple"] = count();
	@c["fig"] = count();
	@c["fig"] = count();
	@c["Zebra"] = count();
	@c["banana"] = count();
	exit(0);
}
