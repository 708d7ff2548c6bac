/* In a profile probe, on every CPU: cpu_id is cpu, pr_lwpid is tid (which keys the counts). */
#pragma D option quiet
profile-997hz
{
	@[curcpu->cpu_id == cpu, curlwpsinfo->pr_lwpid == tid] = count();
}
tick-50ms
{
	printa("%d %d seen\n", @);
	exit(0);
}
