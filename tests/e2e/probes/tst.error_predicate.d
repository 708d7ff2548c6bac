/* ERROR clauses can select on the fault type in arg4. */
#pragma D option quiet

int zero;

ERROR
/arg4 == DTRACEFLT_DIVZERO/
{
	printf("division\n");
}

ERROR
/arg4 == DTRACEFLT_BADADDR/
{
	printf("address\n");
}

BEGIN
{
	x = 1 / zero;
}

BEGIN
{
	x = *(int *)0;
}

BEGIN
{
	exit(0);
}
