/* A global can hold a pointer to a kernel struct and be dereferenced later. */
#pragma D option quiet

struct task_struct *task;

BEGIN
{
	task = curthread;
}

BEGIN
{
	printf("%d %s\n", task->pid == tid, task->comm);
	exit(0);
}
