/* ERROR fires inside the faulting firing: its output comes between the clauses around the fault. */
#pragma D option quiet

BEGIN
{
	printf("a\n");
}

BEGIN
{
	trace(*(int *)0);
}

BEGIN
{
	printf("c\n");
	exit(0);
}

ERROR
{
	printf("b\n");
}
