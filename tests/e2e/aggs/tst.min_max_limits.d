/* min() and max() at the ends of the 64-bit range, including a single INT64_MAX min and INT64_MIN max. */
#pragma D option quiet

BEGIN
{
	@min_of_max = min(9223372036854775807);
	@max_of_min = max(-9223372036854775807 - 1);
	@min_of_min = min(0);
	@min_of_min = min(-9223372036854775807 - 1);
	@max_of_max = max(0);
	@max_of_max = max(9223372036854775807);
	exit(0);
}
