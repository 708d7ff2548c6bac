/* count() without keys prints the value alone; with a key, the key and then the value. */
#pragma D option quiet

BEGIN
{
	@plain = count();
	@plain = count();
	@plain = count();
	@keyed["k"] = count();
	@keyed["k"] = count();
	exit(0);
}
