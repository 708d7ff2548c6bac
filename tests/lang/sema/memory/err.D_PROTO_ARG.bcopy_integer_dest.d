/* bcopy()'s destination is a void *: an integer is not one. */
#pragma D option quiet

BEGIN
{
	bcopy(curthread->comm, arg0, 4);
}
