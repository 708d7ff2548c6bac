/* printa() needs an aggregation after its format. */
BEGIN
{
	lt_x = 1;
	printa("%d\n", lt_x);
}
