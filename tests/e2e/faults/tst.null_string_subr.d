/* A global string assigned 0 is NULL: a subroutine reading it (strjoin) faults at address 0;
 * comparisons read it as "". A global never assigned is "" (DTrace zeroes globals). */
#pragma D option quiet

string lt_never;

BEGIN
{
	lt_g = "abc";
	lt_g = 0;
	printf("%d %d %d [%s]\n", lt_g == NULL, lt_g == "", lt_g != "abc", lt_never);
}

BEGIN
{
	printf("%s\n", strjoin(lt_g, "d"));
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(0);
}
