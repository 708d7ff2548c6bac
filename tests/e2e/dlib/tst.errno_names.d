/* errno.d: the error numbers by name. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d %d\n", EPERM, ENOENT, EINTR, EAGAIN, EWOULDBLOCK, EHWPOISON);
	exit(0);
}
