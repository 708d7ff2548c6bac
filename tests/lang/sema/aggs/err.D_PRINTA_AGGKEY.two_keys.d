/* Two keys against one: the message counts both. */
#pragma D option quiet

BEGIN
{
	@a[1, 2] = count();
	@b[1] = count();
	printa(@a, @b);
}
