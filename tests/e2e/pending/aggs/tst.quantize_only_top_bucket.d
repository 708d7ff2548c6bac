/*
 * DTrace looks for the first non-empty bucket among all but the last one: when only the last
 * bucket (2^62 and above) has counts, the histogram is taken as empty and the rows around 0 are
 * printed instead.
 */
#pragma D option quiet

BEGIN
{
	@q = quantize(9223372036854775807);
	exit(0);
}
