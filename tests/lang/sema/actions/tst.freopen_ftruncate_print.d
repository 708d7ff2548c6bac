/* freopen(), ftruncate() and print() compile. */
BEGIN
{
	freopen("/dev/null");
	ftruncate();
	print(1);
	freopen("");
}
