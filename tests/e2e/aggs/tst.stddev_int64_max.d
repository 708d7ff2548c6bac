/* stddev() of INT64_MAX and -INT64_MAX: the squares need 128 bits; the mean is 0. */
#pragma D option quiet

BEGIN
{
	@s = stddev(9223372036854775807);
	@s = stddev(-9223372036854775807);
	exit(0);
}
