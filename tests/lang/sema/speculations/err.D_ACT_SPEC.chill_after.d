/* chill() is destructive: not after speculate(). */
#pragma D option destructive
BEGIN
{
	speculate(1);
	chill(10);
}
