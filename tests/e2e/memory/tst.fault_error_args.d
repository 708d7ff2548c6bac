/* ERROR sees the fault type and address of a memory subroutine's fault. */
#pragma D option quiet

BEGIN
{
	x = copyin(0x1000, 4);
}

BEGIN
{
	y = alloca(0x10000000000);
}

ERROR
{
	printf("fault %d at %x, action %d\n", arg4, arg5, arg2);
}

BEGIN
{
	exit(0);
}
