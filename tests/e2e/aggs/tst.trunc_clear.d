/* trunc(@a, n) keeps the n largest entries; trunc(@a) removes them all; clear(@a) zeroes the
 * values and keeps the keys. */
#pragma D option quiet

BEGIN
{
	@c["a"] = count();
	@c["b"] = count(); @c["b"] = count();
	@c["c"] = count(); @c["c"] = count(); @c["c"] = count();
	trunc(@c, 2);
	@z["k"] = count();
	clear(@z);
	@t["gone"] = count();
	trunc(@t);
	exit(0);
}
