/* A string key longer than the 50-column field is printed whole, the value right after it. */
#pragma D option quiet

BEGIN
{
	@s["abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"] = count();
	@s["short"] = count();
	@s["short"] = count();
	exit(0);
}
