/* The names are integer constants: they compare with errno and fold in expressions. */
#pragma D option quiet
BEGIN
/ENOENT < EINTR/
{
	printf("%d %d %d\n", errno == 0, ENOENT * 2 + 1, errno != ENOENT);
	exit(0);
}
