/* printa() needs at least one argument. */
BEGIN
{
	printa();
}
