/* A member the kernel struct does not have. */
#pragma D option quiet

BEGIN
{
	x = curthread->lt_nomember;
}
