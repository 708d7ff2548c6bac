/* bcopy() may not write past the end of what was allocated. */
#pragma D option quiet

BEGIN
{
	this->p = alloca(8);
	bcopy(curthread->comm, this->p, 8);
	printf("8 bytes fit\n");
	bcopy(curthread->comm, this->p, 9);
}

BEGIN
{
	exit(0);
}
