/* pr_psargs is the command line, arguments separated by spaces. */
#pragma D option quiet
BEGIN
{
	printf("[%s]\n", strstr(curpsinfo->pr_psargs, " -s "));
	exit(0);
}
