/* trace() of a string: two blanks, then the string left-aligned in 33 columns. */
BEGIN
{
	trace("hello");
	trace(1);
	exit(0);
}
