/* discard() of an id beyond nspec is an illegal operation too; ERROR fires and the rest of the
 * clause is abandoned. */
#pragma D option quiet
#pragma D option nspec=4

BEGIN
{
	lt_x = 1;
	discard(5);
	lt_x = 2;
}

ERROR
{
	printf("ERROR: fault %d in action %d\n", arg4, arg2);
}

BEGIN
{
	printf("lt_x = %d\n", lt_x);
	exit(0);
}
