/* bcopy() copies kernel memory (the thread's name) into alloca() memory. */
#pragma D option quiet

BEGIN
{
	this->p = alloca(16);
	bcopy(curthread->comm, this->p, 16);
	printf("[%s]\n", stringof(this->p));
	exit(0);
}
