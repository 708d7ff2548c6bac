/* ustack( ) string size must not be negative. */
BEGIN
{
	ustack(5, -1);
}
