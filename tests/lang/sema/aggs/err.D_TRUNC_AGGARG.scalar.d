/* trunc() needs an aggregation. */
BEGIN
{
	lt_x = 1;
	trunc(lt_x, 1);
}
