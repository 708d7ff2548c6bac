/* errno is an int. */
#pragma D option quiet

BEGIN
{
	e = errno;
	printf("%d\n", sizeof (e));
	exit(0);
}
