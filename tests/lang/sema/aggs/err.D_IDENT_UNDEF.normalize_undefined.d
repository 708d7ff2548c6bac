/* normalize() of an aggregation the program never names elsewhere: DTrace cannot resolve it. */
#pragma D option quiet

BEGIN
{
	normalize(@never, 2);
}
