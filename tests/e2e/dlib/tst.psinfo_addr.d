/* pr_addr is the process's (its leader's) task_struct; pr_nlwp counts its threads. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", curpsinfo->pr_addr == (uintptr_t)curthread->group_leader,
	    curpsinfo->pr_nlwp >= 1);
	exit(0);
}
