/* The first incompatible key element is the one reported. */
#pragma D option quiet

BEGIN
{
	@a[1, "x"] = sum(1);
	@b[2, 3] = sum(2);
	printa(@a, @b);
}
