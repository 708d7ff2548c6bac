/* sum() of positive, negative, zero and mixed values. */
#pragma D option quiet

BEGIN
{
	@pos = sum(5);
	@pos = sum(7);
	@neg = sum(-5);
	@neg = sum(-7);
	@zero = sum(0);
	@zero = sum(0);
	@mixed = sum(10);
	@mixed = sum(-25);
	exit(0);
}
