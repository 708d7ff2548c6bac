/* A pointer cast may be written through, but kernel memory is not D's: the store faults. */
#pragma D option quiet

BEGIN
{
	*(int *)curthread = 1;
	printf("not reached\n");
}

ERROR
{
	printf("ERROR fired\n");
	exit(0);
}
