/* An empty string key is not a printable string: DTrace dumps its strsize bytes in hex. */
#pragma D option quiet

BEGIN
{
	@s[""] = count();
	@s["a"] = count();
	@s["a"] = count();
	exit(0);
}
