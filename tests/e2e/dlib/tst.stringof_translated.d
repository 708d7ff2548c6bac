/* Translated char arrays are D strings: stringof, comparison, strlen, assignment. */
#pragma D option quiet
BEGIN
{
	lt_s = curpsinfo->pr_fname;
	printf("%s %d %d %s\n", stringof(curpsinfo->pr_fname), curpsinfo->pr_fname == "dtrace",
	    strlen(curlwpsinfo->pr_name), lt_s);
	exit(0);
}
