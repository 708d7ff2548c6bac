/* copyin() of NULL faults at address 0; the clause is abandoned and tracing goes on. */
#pragma D option quiet

BEGIN
{
	trace(copyin(0, 4));
}

BEGIN
{
	printf("went on\n");
	exit(0);
}
