/* quantize() of INT64_MIN and -2^62 goes to the first bucket (-2^62); no empty bucket precedes it. */
#pragma D option quiet

BEGIN
{
	@q = quantize(-9223372036854775807 - 1);
	@q = quantize(-4611686018427387904);
	@q = quantize(-4611686018427387903);
	exit(0);
}
