/*
 * copyinstr() copies at most strsize bytes and ends the string in the last of them: at most
 * strsize - 1 characters, whatever the maximum length asked for.
 */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	this->a = curthread->mm->arg_end - sizeof($$1);
	printf("[%s]\n", copyinstr(this->a));
	printf("[%s]\n", copyinstr(this->a, 100));
	printf("[%s]\n", copyinstr(this->a, 7));
	printf("[%s]\n", copyinstr(this->a, 6));
	exit(0);
}
