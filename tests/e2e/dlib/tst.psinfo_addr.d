/*
 * pr_addr is the address of the task_struct translated (illumos's and Oracle's rule), so a NULL
 * task translates to 0 without a fault; pr_nlwp counts the process's threads.
 */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", curpsinfo->pr_addr == (uintptr_t)curthread,
	    curpsinfo->pr_nlwp >= 1);
	printf("%d\n", xlate <psinfo_t> ((struct task_struct *)0).pr_addr);
	exit(0);
}
