/*
 * -l -s: the probes the script's clauses match, one description after the other in program
 * order (a probe two descriptions match is listed twice); nothing is traced, so BEGIN prints
 * nothing.
 */
dtrace:::BEGIN
{
	printf("not traced\n");
}

profile:::tick-1s,
dtrace:::END
{
}

dtrace:::BEGIN,
dtrace:::E*
/0/
{
	exit(0);
}
