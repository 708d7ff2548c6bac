/* * needs a pointer. */
#pragma D option quiet

BEGIN
{
	x = *pid;
}
