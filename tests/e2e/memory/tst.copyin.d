/* copyin() returns a pointer to a copy of user memory that later expressions read. */
#pragma D option quiet

BEGIN
{
	this->p = (char *)copyin(curthread->mm->arg_end - sizeof($$1), sizeof($$1));
	printf("%c%c%c %d\n", this->p[0], this->p[6], this->p[11], this->p[12]);
	printf("[%s]\n", stringof(this->p));
	exit(0);
}
