/* copyinto() may fill any part of an allocation. */
#pragma D option quiet

BEGIN
{
	this->buf = (char *)alloca(32);
	this->n = sizeof($$1) - 6;	/* "memory" and its NUL */
	copyinto(curthread->mm->arg_end - this->n, this->n, this->buf + 8);
	printf("[%s]\n", stringof(this->buf + 8));
	exit(0);
}
