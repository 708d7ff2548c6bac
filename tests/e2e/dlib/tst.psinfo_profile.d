/* In profile probes, whatever the interrupted thread (idle and kernel threads included):
 * curpsinfo and curlwpsinfo describe it, and reading pr_psargs never faults. */
#pragma D option quiet
profile-997hz
{
	@[curpsinfo->pr_pid == pid, curlwpsinfo->pr_lwpid == tid, strlen(curpsinfo->pr_psargs) < 80] = count();
}
tick-50ms
{
	printa("%d %d %d seen\n", @);
	exit(0);
}
