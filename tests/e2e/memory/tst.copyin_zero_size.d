/* copyin() of 0 bytes succeeds and takes no scratch space. */
#pragma D option quiet

BEGIN
{
	this->p = (uintptr_t)copyin(curthread->mm->arg_end - sizeof($$1), 0);
	this->q = (uintptr_t)alloca(1);
	printf("%d\n", this->q - this->p);
	exit(0);
}
