/* Without quiet the FUNCTION:NAME header comes once, before the first probe line. */
int n;

BEGIN
{
	trace(1);
}

tick-1ms
/n++ < 2/
{
	trace("tick");
}

tick-1ms
/n == 3/
{
	exit(0);
}
