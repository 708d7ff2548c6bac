/* The normal must be a scalar, not a string. */
#pragma D option quiet

BEGIN
{
	@a = count();
	normalize(@a, "ten");
}
