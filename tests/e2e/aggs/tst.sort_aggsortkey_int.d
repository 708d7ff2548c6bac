/* aggsortkey with int keys: keys compare unsigned at their size, so the negative ones come after
 * every positive one (and print signed). */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@a[3] = sum(1);
	@a[-1] = sum(2);
	@a[0] = sum(3);
	@a[-5] = sum(4);
	@a[10] = sum(5);
	exit(0);
}
