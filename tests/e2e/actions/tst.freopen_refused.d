/* freopen() is destructive: without -w it may not be enabled. */
BEGIN
{
	freopen("/dev/null");
	exit(0);
}
