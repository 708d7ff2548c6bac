/* With three key elements and aggsortkeypos=1 the comparison goes 1, 2, then wraps to 0. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1

BEGIN
{
	@c[1, "a", 5] = count();
	@c[0, "a", 5] = count();
	@c[2, "a", 4] = count();
	@c[0, "b", 1] = count();
	exit(0);
}
