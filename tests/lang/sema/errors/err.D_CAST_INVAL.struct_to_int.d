/* A struct cannot be cast to a scalar type. */
#pragma D option quiet

BEGIN
{
	x = (long)curthread->thread_info;
}
