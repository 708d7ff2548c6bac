/* usym( ) takes an integer address, not a string. */
BEGIN
{
	usym("main");
}
