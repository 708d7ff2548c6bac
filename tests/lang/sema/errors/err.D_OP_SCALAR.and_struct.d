/* && needs scalar operands. */
#pragma D option quiet

BEGIN
{
	x = 1 && curthread->thread_info;
}
