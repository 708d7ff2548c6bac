/* The thread a probe fires in is on a CPU: SONPROC, 'O', on the probe's CPU. */
#pragma D option quiet
BEGIN
{
	printf("%d %c %d\n", curlwpsinfo->pr_state == SONPROC, curlwpsinfo->pr_sname,
	    curlwpsinfo->pr_onpro == cpu);
	exit(0);
}
