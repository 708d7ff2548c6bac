/* xlate finds a translator for a value that converts to its input type (DTrace's fuzzy
 * lookup): a void * for a task_struct *, a long for an int; the input then has that type. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", xlate <psinfo_t *> ((void *)curthread)->pr_pid == pid,
	    xlate <cpuinfo_t *> ((long)cpu)->cpu_id == cpu);
	exit(0);
}
