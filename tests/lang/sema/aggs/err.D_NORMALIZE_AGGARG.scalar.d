/* normalize() needs an aggregation. */
BEGIN
{
	lt_x = 1;
	normalize(lt_x, 2);
}
