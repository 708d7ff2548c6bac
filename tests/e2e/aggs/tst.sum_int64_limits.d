/* sum() holds INT64_MAX and INT64_MIN, and wraps around in 64 bits. */
#pragma D option quiet

BEGIN
{
	@max = sum(9223372036854775807);
	@min = sum(-9223372036854775807 - 1);
	@wrap = sum(9223372036854775807);
	@wrap = sum(1);
	exit(0);
}
