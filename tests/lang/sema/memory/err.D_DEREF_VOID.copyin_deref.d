/* copyin() returns a void *, which must be cast before it is dereferenced. */
#pragma D option quiet

BEGIN
{
	x = *copyin(arg0, 4);
}
