/* strchr() looks for a char, not a string. */
#pragma D option quiet

BEGIN
{
	x = strchr("abc", "b");
}
