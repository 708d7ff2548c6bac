/* %S of a string that fills strsize exactly has no NUL to show. */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	printf("%S|\n", "a\tbcdefg");
	exit(0);
}
