/* avg() keeps a 64-bit sum: two values of 2^62 wrap it to INT64_MIN before the division. */
#pragma D option quiet

BEGIN
{
	@a = avg(4611686018427387904);
	@a = avg(4611686018427387904);
	exit(0);
}
