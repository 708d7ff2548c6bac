/* A string cannot be cast to an integer. */
#pragma D option quiet

BEGIN
{
	x = (int)"123";
}
