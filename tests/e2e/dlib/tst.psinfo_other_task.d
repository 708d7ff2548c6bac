/* Another task translates too: the parent's pid. Its arguments are not in this process's
 * memory, so its pr_psargs is its command name. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", xlate <psinfo_t *> (curthread->real_parent)->pr_pid == ppid,
	    xlate <psinfo_t *> (curthread->real_parent)->pr_psargs ==
	    xlate <psinfo_t *> (curthread->real_parent)->pr_fname);
	exit(0);
}
