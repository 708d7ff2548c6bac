/* clear() needs an aggregation. */
BEGIN
{
	lt_x = 1;
	clear(lt_x);
}
