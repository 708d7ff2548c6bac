/* %S escapes the characters of a string, not the NUL that ends it. */
#pragma D option quiet

BEGIN
{
	printf("[%S]\n", "a\tb\\c");
	exit(0);
}
