/*
 * %S prints a string with C escape sequences for special and unprintable
 * characters; the NUL that ends the string is not shown.
 */
#pragma D option quiet

BEGIN
{
	printf("%S|\n", "tab\there\"\\\001x");
	exit(0);
}
