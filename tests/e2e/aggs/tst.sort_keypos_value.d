/* Without aggsortkey, aggsortkeypos still chooses the key element that breaks ties of value. */
#pragma D option quiet
#pragma D option aggsortkeypos=1

BEGIN
{
	@s[5, 30] = sum(0);
	@s[7, 10] = sum(0);
	@s[6, 20] = sum(0);
	@s[0, 0] = sum(5);
	exit(0);
}
