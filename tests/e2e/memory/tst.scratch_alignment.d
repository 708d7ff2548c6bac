/* Scratch allocations start on 8-byte boundaries, one after the other. */
#pragma D option quiet

BEGIN
{
	this->p = (uintptr_t)alloca(3);
	this->q = (uintptr_t)copyin(curthread->mm->arg_end - sizeof($$1), 1);
	this->r = (uintptr_t)alloca(9);
	this->s = (uintptr_t)alloca(1);
	printf("%d %d %d %d\n", this->p & 7, this->q - this->p, this->r - this->q, this->s - this->r);
	exit(0);
}
