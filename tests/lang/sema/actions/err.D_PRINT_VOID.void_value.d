/* print() of an expression of type void is refused. */
BEGIN
{
	print((void)0);
}
