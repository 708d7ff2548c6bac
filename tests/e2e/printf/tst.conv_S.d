/*
 * %S prints a string with C escape sequences for special and unprintable
 * characters; the NUL that ends a string shorter than strsize shows as \0.
 */
#pragma D option quiet

BEGIN
{
	printf("%S|\n", "tab\there\"\\\001x");
	exit(0);
}
