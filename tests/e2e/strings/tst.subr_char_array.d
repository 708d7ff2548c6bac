/* A char array is a string argument. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", strlen(curthread->comm) > 0, index(curthread->comm, curthread->comm));
	exit(0);
}
