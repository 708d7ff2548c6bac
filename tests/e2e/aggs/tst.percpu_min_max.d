/*
 * -x aggpercpu with min() and max(): a CPU that never updated the entry shows the extreme
 * (INT64_MAX for min(), INT64_MIN for max()), never zero. -x cpu=0 runs BEGIN on CPU 0.
 */
#pragma D option quiet

BEGIN
{
	@lo = min(20);
	@hi = max(-15);
	exit(0);
}
