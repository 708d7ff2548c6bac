/* ++ needs an lvalue. */
#pragma D option quiet

BEGIN
{
	x = 5++;
}
