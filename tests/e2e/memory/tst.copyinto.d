/* copyinto() copies user memory into memory alloca() gave. */
#pragma D option quiet

BEGIN
{
	this->buf = alloca(sizeof($$1));
	copyinto(curthread->mm->arg_end - sizeof($$1), sizeof($$1), this->buf);
	printf("[%s]\n", stringof(this->buf));
	exit(0);
}
