/* ufunc( ) takes one address. */
BEGIN
{
	ufunc();
}
