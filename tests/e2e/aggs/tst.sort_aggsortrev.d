/* -x aggsortrev: values from the largest down, and equal values by key in reverse. */
#pragma D option quiet

BEGIN
{
	@c["a"] = count();
	@c["b"] = count();
	@c["b"] = count();
	@c["b"] = count();
	@c["c"] = count();
	@c["d"] = count();
	@c["d"] = count();
	exit(0);
}
