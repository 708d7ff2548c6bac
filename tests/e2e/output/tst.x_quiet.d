/* -x quiet is the same as -q. */
BEGIN
{
	trace(7);
	exit(0);
}
