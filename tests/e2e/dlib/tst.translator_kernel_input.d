/* A translator from a kernel type, its members reading kernel memory through the input. */
#pragma D option quiet
struct lt_task {
	int	lt_tgid;
	int	lt_tid;
	char	lt_comm[16];
};
translator struct lt_task < struct task_struct *T > {
	lt_tgid = T->tgid;
	lt_tid = T->pid;
	lt_comm = T->comm;
};
BEGIN
{
	printf("%d %d %s\n", xlate <struct lt_task *> (curthread)->lt_tgid == pid,
	    xlate <struct lt_task *> (curthread)->lt_tid == tid, xlate <struct lt_task *> (curthread)->lt_comm);
	exit(0);
}
