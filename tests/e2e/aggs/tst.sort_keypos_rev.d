/* aggsortkeypos=1 with aggsortkey and aggsortrev: the order of tst.sort_keypos.d reversed. */
#pragma D option quiet

BEGIN
{
	@s["x", 2] = sum(1);
	@s["y", 1] = sum(2);
	@s["x", 1] = sum(3);
	@s["z", 0] = sum(4);
	@s["y", 0] = sum(5);
	exit(0);
}
