/* Equal values are ordered by key compared as unsigned: negative keys come after positive ones. */
#pragma D option quiet

BEGIN
{
	@a[-1] = count();
	@a[1] = count();
	@a[0] = count();
	@a[-5] = count();
	@a[3] = count();
	exit(0);
}
