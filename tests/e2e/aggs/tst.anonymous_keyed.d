/* The anonymous aggregation @ can have keys. */
#pragma D option quiet

BEGIN
{
	@["x", 1] = count();
	@["x", 1] = count();
	@["a", 2] = count();
	exit(0);
}
