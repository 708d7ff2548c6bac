/* A variable is not a function. */
#pragma D option quiet

int lt_g;

BEGIN
{
	lt_g(2);
}
