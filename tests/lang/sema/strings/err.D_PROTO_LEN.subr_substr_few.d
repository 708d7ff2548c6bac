/* substr() needs at least a string and an index. */
#pragma D option quiet

BEGIN
{
	x = substr("abc");
}
