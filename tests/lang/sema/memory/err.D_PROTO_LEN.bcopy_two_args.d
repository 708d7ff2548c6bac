/* bcopy() needs a source, a destination and a size. */
#pragma D option quiet

BEGIN
{
	bcopy(curthread->comm, alloca(4));
}
