/* Only an lvalue can be assigned. */
#pragma D option quiet

BEGIN
{
	1 = 2;
}
