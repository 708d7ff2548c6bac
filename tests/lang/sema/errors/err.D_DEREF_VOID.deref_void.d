/* A void * cannot be dereferenced. */
#pragma D option quiet

BEGIN
{
	x = *(void *)curthread;
}
