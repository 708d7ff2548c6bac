/* quantize() of 2^62 and above all goes to the last bucket (2^62); no empty bucket follows it. */
#pragma D option quiet

BEGIN
{
	@q = quantize(4611686018427387903);
	@q = quantize(4611686018427387904);
	@q = quantize(9223372036854775807);
	exit(0);
}
