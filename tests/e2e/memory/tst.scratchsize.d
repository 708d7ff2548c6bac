/*
 * -x scratchsize (an Oracle DTrace option) bounds the scratch memory of a clause; allocations
 * are rounded to 8 bytes.
 */
#pragma D option quiet
#pragma D option scratchsize=64

BEGIN
{
	x = alloca(60);
	printf("60 bytes fit\n");
	y = alloca(1);
}

BEGIN
{
	x = copyin(curthread->mm->arg_end - sizeof($$1), 64);
	printf("64 bytes fit\n");
}

BEGIN
{
	exit(0);
}
