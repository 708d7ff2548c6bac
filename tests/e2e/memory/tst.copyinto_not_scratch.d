/* copyinto() into anything but allocated scratch memory faults. */
#pragma D option quiet

BEGIN
{
	copyinto(curthread->mm->arg_end - sizeof($$1), 4, 0);
}

BEGIN
{
	exit(0);
}
