/* alloca() needs a size. */
#pragma D option quiet

BEGIN
{
	x = alloca();
}
