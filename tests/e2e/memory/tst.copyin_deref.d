/* The result of copyin() is a void *: cast, then dereferenced. */
#pragma D option quiet

BEGIN
{
	printf("%x\n", *(uint32_t *)copyin(curthread->mm->arg_end - sizeof($$1), 4));
	printf("%c\n", *(char *)copyin(curthread->mm->arg_end - sizeof($$1) + 4, 1));
	exit(0);
}
