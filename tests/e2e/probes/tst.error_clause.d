/* A fault fires ERROR; the faulting clause is abandoned and tracing goes on. */
#pragma D option quiet

ERROR
{
	printf("ERROR fired\n");
}

BEGIN
{
	trace(*(int *)16);
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}
