/* -x aggpack: each key's quantize() on one line under one header for the aggregation; the
 * bucket range is shared by all rows. ASCII cells (-x encoding=ascii). */
#pragma D option quiet
#pragma D option aggpack
#pragma D option encoding=ascii

BEGIN
{
	@["short"] = quantize(3);
	@["short"] = quantize(3);
	@["short"] = quantize(100);
	@["long one"] = quantize(1);
	@["long one"] = quantize(1000);
	@["long one"] = quantize(1000);
	@["long one"] = quantize(1000);
	exit(0);
}
