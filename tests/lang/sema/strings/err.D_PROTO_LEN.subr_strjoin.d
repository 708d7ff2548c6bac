/* strjoin() takes two strings. */
#pragma D option quiet

BEGIN
{
	x = strjoin("a");
}
