/* The maximum length may be computed at run time; a negative one is a huge size_t. */
#pragma D option quiet

BEGIN
{
	this->a = curthread->mm->arg_end - sizeof($$1);
	this->n = 4;
	printf("[%s]\n", copyinstr(this->a, this->n));
	this->n = -1;
	printf("[%s]\n", copyinstr(this->a, this->n));
	exit(0);
}
