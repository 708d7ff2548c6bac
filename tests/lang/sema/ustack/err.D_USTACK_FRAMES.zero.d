/* ustack( ) frames must be a positive constant: zero is refused. */
BEGIN
{
	ustack(0);
}
