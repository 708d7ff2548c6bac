/* A string cannot be compared with an integer. */
#pragma D option quiet

BEGIN
{
	x = "abc" == 1;
}
