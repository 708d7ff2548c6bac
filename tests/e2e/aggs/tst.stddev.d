/*
 * stddev(): the population standard deviation, integer-truncated. Large values take the
 * sum of squares past 64 bits, and 2^32 +/- 1 carries between the 32-bit halves of the square.
 */
#pragma D option quiet
BEGIN
{
	@a = stddev(2); @a = stddev(4); @a = stddev(4); @a = stddev(4);
	@a = stddev(5); @a = stddev(5); @a = stddev(7); @a = stddev(9);
	@b["big"] = stddev(5000000000); @b["big"] = stddev(-5000000000);
	@b["neg"] = stddev(-3); @b["neg"] = stddev(-3);
	@b["one"] = stddev(10);
	@c = stddev(4294967295); @c = stddev(4294967297);
	exit(0);
}
END
{
	printa("%s %@d\n", @b);
}
