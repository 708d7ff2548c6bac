/* printa() with %@d prints the computed avg(), stddev(), min() and max() values. */
#pragma D option quiet

BEGIN
{
	@av = avg(10);
	@av = avg(21);
	@sd = stddev(2);
	@sd = stddev(4);
	@sd = stddev(4);
	@sd = stddev(4);
	@sd = stddev(5);
	@sd = stddev(5);
	@sd = stddev(7);
	@sd = stddev(9);
	@mn = min(-5);
	@mn = min(3);
	@mx = max(-5);
	@mx = max(3);
	printa("avg %@d\n", @av);
	printa("stddev %@d\n", @sd);
	printa("min %@d\n", @mn);
	printa("max %@d\n", @mx);
	exit(0);
}
