/* curpsinfo is xlate <psinfo_t *> (curthread); the translation can be written out. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", xlate <psinfo_t *> (curthread)->pr_pid == pid,
	    xlate <psinfo_t> (curthread).pr_ppid == ppid);
	exit(0);
}
