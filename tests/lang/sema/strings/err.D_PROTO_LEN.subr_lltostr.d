/* lltostr() needs a value. */
#pragma D option quiet

BEGIN
{
	x = lltostr();
}
