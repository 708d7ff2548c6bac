/* A fault in a predicate is reported "in predicate" and ERROR's arg2 is 0. */
#pragma D option quiet

BEGIN
/ *(int *)8 == 0 /
{
	printf("not reached\n");
}

ERROR
{
	printf("action %d fault %d addr %d\n", arg2, arg4, arg5);
	exit(0);
}
