/*
 * Scratch memory lasts for its clause: the next clause of the same firing starts with none
 * allocated, so writing through a pointer saved by the first faults.
 */
#pragma D option quiet

BEGIN
{
	lt_p = alloca(8);
	bcopy(curthread->comm, lt_p, 8);
	printf("first: %s\n", stringof(lt_p));
}

BEGIN
{
	bcopy(curthread->comm, lt_p, 8);
	printf("second\n");
}

BEGIN
{
	exit(0);
}
