/* printa() needs an aggregation. */
BEGIN
{
	lt_x = 1;
	printa(lt_x);
}
