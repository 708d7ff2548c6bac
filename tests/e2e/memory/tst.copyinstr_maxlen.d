/* copyinstr(addr, n) reads at most n characters; n = 0 gives the empty string. */
#pragma D option quiet

BEGIN
{
	this->a = curthread->mm->arg_end - sizeof($$1);
	printf("[%s]\n", copyinstr(this->a, 5));
	printf("[%s]\n", copyinstr(this->a, 0));
	printf("[%s]\n", copyinstr(this->a, 12));
	printf("[%s]\n", copyinstr(this->a, 1000));
	exit(0);
}
