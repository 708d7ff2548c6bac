/* copyin() reads user memory only: a kernel address faults. */
#pragma D option quiet

BEGIN
{
	x = copyin(0xffff888000000000, 8);
}

BEGIN
{
	exit(0);
}
