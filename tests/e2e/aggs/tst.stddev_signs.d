/*
 * stddev() with negative and mixed values: the average is truncated toward zero before it is
 * squared, and the average of the squares is truncated too, so -1 and -2 give 1, not 0.5.
 */
#pragma D option quiet

BEGIN
{
	@s["neg"] = stddev(-1);
	@s["neg"] = stddev(-2);
	@s["mixed"] = stddev(-3);
	@s["mixed"] = stddev(3);
	@s["zero"] = stddev(0);
	@s["zero"] = stddev(0);
	@s["single"] = stddev(-7);
	@s["skew"] = stddev(-5);
	@s["skew"] = stddev(-5);
	@s["skew"] = stddev(-5);
	@s["skew"] = stddev(-6);
	@s["spread"] = stddev(-10);
	@s["spread"] = stddev(20);
	@s["spread"] = stddev(-30);
	exit(0);
}
