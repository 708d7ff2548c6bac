/* stack() as an aggregation key: the frames on their own lines, indented, then the value on a
 * line of its own. The frames depend on the kernel, so the .sed keeps only their shape. Two
 * updates from the same place are one entry. */
#pragma D option quiet

BEGIN
{
	@[stack()] = count();
	@[stack()] = count();
	exit(0);
}
