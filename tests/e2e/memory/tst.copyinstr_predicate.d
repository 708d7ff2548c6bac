/* copyinstr() in a predicate. */
#pragma D option quiet

BEGIN
/copyinstr(curthread->mm->arg_end - sizeof($$1)) == "hello-memory"/
{
	printf("matched\n");
}

BEGIN
/copyinstr(curthread->mm->arg_end - sizeof($$1)) == "hello"/
{
	printf("not matched\n");
}

BEGIN
{
	exit(0);
}
