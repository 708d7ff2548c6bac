/* quantize() entries sort by the sum of bucket value times count: "b" (3 x 1) before "a" (1 x 4). */
#pragma D option quiet

BEGIN
{
	@q["a"] = quantize(4);
	@q["b"] = quantize(1);
	@q["b"] = quantize(1);
	@q["b"] = quantize(1);
	exit(0);
}
