/* An aggregation buffer too small for even one entry (the key alone is strsize bytes): every
 * update is dropped and reported per CPU, and nothing is printed at exit. */
#pragma D option quiet
#pragma D option strsize=1024
#pragma D option aggsize=512

BEGIN
{
	@s["alpha"] = sum(1);
	@s["beta"] = sum(2);
	@s["alpha"] = sum(3);
	exit(0);
}
