/* count() keyed by a string and an integer, printed at exit sorted by value. */
#pragma D option quiet
BEGIN
{
	@c["b", 2] = count();
	@c["a", 1] = count();
	@c["b", 2] = count();
	@c["c", 3] = count();
	@c["c", 3] = count();
	@c["c", 3] = count();
	exit(0);
}
