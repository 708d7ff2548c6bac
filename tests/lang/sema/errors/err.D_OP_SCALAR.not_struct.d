/* ! needs a scalar operand; a struct is not one. */
#pragma D option quiet

BEGIN
{
	x = !curthread->thread_info;
}
