/* print() of a struct only named, never defined, has nothing of known size to print. */
BEGIN
{
	print(*(struct lt_never_defined *)0);
}
