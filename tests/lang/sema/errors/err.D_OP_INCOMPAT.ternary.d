/* The two branches of ?: must have compatible types. */
#pragma D option quiet

BEGIN
{
	x = timestamp > 0 ? "yes" : 0;
}
