/* speculate(0) (a failed speculation()) drops the clause's data silently, and the rest of the
 * clause does not run: lt_after is never set. */
#pragma D option quiet

BEGIN
{
	speculate(0);
	printf("not printed\n");
	lt_after = 1;
}

BEGIN
{
	printf("lt_after = %d\n", lt_after);
	exit(0);
}
