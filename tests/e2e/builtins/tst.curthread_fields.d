/* curthread is the current task_struct: its fields agree with the built-ins. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", curthread->tgid == pid, curthread->pid == tid,
	    curthread->real_parent->tgid == ppid);
	printf("%d %d\n", curthread->cred->uid.val == uid, curthread->cred->gid.val == gid);
	printf("%d %s\n", curthread->thread_info.cpu == cpu, curthread->comm);
	exit(0);
}
