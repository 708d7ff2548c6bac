/* stack() takes a positive constant number of frames. */
BEGIN
{
	stack(-1);
}
