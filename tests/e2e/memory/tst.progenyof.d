/*
 * progenyof(pid) is true for the process itself and each of its ancestors, up to process 0;
 * false for any other pid.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", progenyof(pid), progenyof($pid), progenyof($ppid), progenyof(1), progenyof(0));
	printf("%d %d\n", progenyof(-1), progenyof(0x7fffffff));
	exit(0);
}
