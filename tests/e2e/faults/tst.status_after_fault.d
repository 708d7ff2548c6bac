/* Faults do not change dtrace's exit status. */
#pragma D option quiet

BEGIN
{
	trace(*(int *)0);
}

BEGIN
{
	exit(0);
}
