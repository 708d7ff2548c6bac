/* normalize() needs an aggregation as its first argument. */
#pragma D option quiet
int lt_x;

BEGIN
{
	normalize(lt_x, 2);
}
