/* An aggsortkeypos past the last key element counts as 0: sorted from the first element. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=2

BEGIN
{
	@s["x", 2] = sum(1);
	@s["y", 1] = sum(2);
	@s["x", 1] = sum(3);
	@s["z", 0] = sum(4);
	@s["y", 0] = sum(5);
	exit(0);
}
