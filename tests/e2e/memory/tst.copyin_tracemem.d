/* tracemem() of copied-in memory. */
#pragma D option quiet

BEGIN
{
	tracemem(copyin(curthread->mm->arg_end - sizeof($$1), sizeof($$1)), 13);
	exit(0);
}
