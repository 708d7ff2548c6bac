/* aggsortkey with aggsortrev: keys from the last down. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortrev

BEGIN
{
	@s["b", 1] = sum(10);
	@s["a", 2] = sum(30);
	@s["c", 0] = sum(20);
	@s["a", 1] = sum(40);
	exit(0);
}
