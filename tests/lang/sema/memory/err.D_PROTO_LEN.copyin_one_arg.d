/* copyin() needs an address and a size. */
#pragma D option quiet

BEGIN
{
	x = copyin(arg0);
}
