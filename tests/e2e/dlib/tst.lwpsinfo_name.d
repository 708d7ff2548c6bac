/* pr_name is the thread's name, pr_clname its scheduling class. */
#pragma D option quiet
BEGIN
{
	printf("%s %s %d\n", curlwpsinfo->pr_name, curlwpsinfo->pr_clname, curlwpsinfo->pr_bindpro);
	exit(0);
}
