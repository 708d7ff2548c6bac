/* denormalize() takes one argument. */
#pragma D option quiet

BEGIN
{
	@a = count();
	denormalize(@a, 2);
}
