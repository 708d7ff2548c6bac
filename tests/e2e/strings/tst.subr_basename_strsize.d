/* basename() writes at most strsize - 1 characters. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("[%s] [%s]\n", basename("0123456789abcdef"), basename("/a/0123456789ab/"));
	exit(0);
}
