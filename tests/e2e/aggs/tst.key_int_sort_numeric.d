/* Equal values are ordered by integer key as a number (unsigned), not by the key's bytes in memory. */
#pragma D option quiet

BEGIN
{
	@a[256] = count();
	@a[1] = count();
	@a[65536] = count();
	@a[2] = count();
	exit(0);
}
