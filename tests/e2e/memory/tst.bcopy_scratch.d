/* bcopy() from one piece of scratch memory to another. */
#pragma D option quiet

BEGIN
{
	this->a = copyin(curthread->mm->arg_end - sizeof($$1), sizeof($$1));
	this->b = alloca(sizeof($$1));
	bcopy(this->a, this->b, sizeof($$1));
	printf("[%s]\n", stringof(this->b));
	exit(0);
}
