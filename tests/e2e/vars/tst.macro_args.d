/* Macro arguments: $1 is an integer, $$2 a string, $pid the dtrace process. */
#pragma D option quiet

BEGIN
{
	printf("%d %s %d\n", $1 + 1, $$2, $pid == pid);
	exit(0);
}
