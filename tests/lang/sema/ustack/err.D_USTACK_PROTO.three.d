/* ustack( ) takes at most two arguments. */
BEGIN
{
	ustack(5, 10, 1);
}
