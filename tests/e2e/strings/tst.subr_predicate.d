/* Subroutines in predicates. */
#pragma D option quiet

BEGIN
/strlen("abc") == 3 && index("abc", "c") == 2/
{
	printf("yes\n");
}

BEGIN
/basename("/a/b") == "b"/
{
	printf("basename\n");
}

BEGIN
/strstr("abc", "x") == "abc"/
{
	printf("no\n");
}

BEGIN
{
	exit(0);
}
