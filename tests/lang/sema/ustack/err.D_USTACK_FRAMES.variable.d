/* ustack( ) frames must be an integer constant, not a variable. */
int x;

BEGIN
{
	ustack(x);
}
