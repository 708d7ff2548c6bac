/* -> needs a pointer on its left. */
#pragma D option quiet

BEGIN
{
	x = curthread->pid->lt_field;
}
