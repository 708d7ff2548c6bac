/* pr_fname is the command name (the runner's dtrace symlink), a string. */
#pragma D option quiet
BEGIN
{
	printf("%s %d\n", curpsinfo->pr_fname, curpsinfo->pr_fname == execname);
	exit(0);
}
