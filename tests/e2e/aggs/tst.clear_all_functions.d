/* After clear() every function's value prints as 0 at exit, min() and max() included. */
#pragma D option quiet

BEGIN
{
	@cnt = count();
	@sm = sum(5);
	@mn = min(5);
	@mx = max(-5);
	@av = avg(7);
	@sd = stddev(3);
	@sd = stddev(9);
	clear(@cnt);
	clear(@sm);
	clear(@mn);
	clear(@mx);
	clear(@av);
	clear(@sd);
	exit(0);
}
