/* Pointer keys print as 8-byte integers (decimal, signed). */
#pragma D option quiet

BEGIN
{
	@p[(void *)4096] = count();
	@p[(void *)0] = count();
	@p[(int *)0xffffffff81000000] = count();
	exit(0);
}
