/* aggsortkeypos=1: with aggsortkey the second key element is compared first, then the first. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1

BEGIN
{
	@s["x", 2] = sum(1);
	@s["y", 1] = sum(2);
	@s["x", 1] = sum(3);
	@s["z", 0] = sum(4);
	@s["y", 0] = sum(5);
	exit(0);
}
