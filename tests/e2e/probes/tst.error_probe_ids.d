/* The dtrace provider's probes are IDs 1 (BEGIN), 2 (END) and 3 (ERROR). */
#pragma D option quiet

BEGIN
{
	printf("%s %d\n", probename, id);
	trace(*(char *)0);
}

ERROR
{
	printf("%s %d\n", probename, id);
	exit(0);
}

END
{
	printf("%s %d\n", probename, id);
}
