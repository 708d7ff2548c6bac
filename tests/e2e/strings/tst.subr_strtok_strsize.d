/* A token holds at most strsize - 1 characters; the next call goes on from there. */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	printf("[%s]", strtok("abcdefgh", ","));
	printf("[%s]\n", strtok(NULL, ","));
	exit(0);
}
