/* A strjoin() result of strsize characters or more has no room: DTrace runs out of
   scratch space, abandons the clause and goes on. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("[%s]\n", strjoin("01234567", "89abcdef"));
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}
