/* curpsinfo describes the current process: in BEGIN, dtrace itself. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", curpsinfo->pr_pid == pid, curpsinfo->pr_ppid == ppid);
	exit(0);
}
