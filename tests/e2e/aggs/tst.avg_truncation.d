/* avg() is the integer quotient of sum and count, truncated toward zero for negative sums too. */
#pragma D option quiet

BEGIN
{
	@a["pos"] = avg(1);
	@a["pos"] = avg(2);
	@a["neg"] = avg(-1);
	@a["neg"] = avg(-2);
	@a["mixed"] = avg(-7);
	@a["mixed"] = avg(0);
	@a["zero"] = avg(0);
	@a["one"] = avg(5);
	exit(0);
}
