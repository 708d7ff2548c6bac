/*
 * exit() does not end its clause: the statements after it still run. But the
 * consumer is draining from then on, so the later clauses of the same probe
 * (here the second BEGIN clause) do not run; END does.
 */
#pragma D option quiet

BEGIN
{
	exit(0);
	printf("after exit()\n");
}

BEGIN
{
	printf("next clause\n");
}

END
{
	printf("END\n");
}
