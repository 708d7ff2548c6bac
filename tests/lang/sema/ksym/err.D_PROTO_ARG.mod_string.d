/* mod( ) takes an integer address, not a string. */
BEGIN
{
	mod("vmlinux");
}
