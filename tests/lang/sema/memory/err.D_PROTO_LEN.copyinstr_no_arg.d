/* copyinstr()'s length is optional, its address is not. */
#pragma D option quiet

BEGIN
{
	x = copyinstr();
}
