/* trunc() among equal values: n > 0 keeps the last keys in key order, n < 0 the first. */
#pragma D option quiet

BEGIN
{
	@last["a"] = count();
	@last["b"] = count();
	@last["c"] = count();
	@first["a"] = count();
	@first["b"] = count();
	@first["c"] = count();
	trunc(@last, 1);
	trunc(@first, -1);
	exit(0);
}
