/* The address of a D variable cannot be taken. */
#pragma D option quiet

BEGIN
{
	x = 1;
	p = &x;
}
