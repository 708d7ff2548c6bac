/* substr()'s index is an int. */
#pragma D option quiet

BEGIN
{
	x = substr("abc", "1");
}
