/* Each strtok() call has its own delimiters: it starts where the last one stopped, at the
   delimiter that ended the last token; with no delimiters the token is the rest. */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("key=value; other=x", "="));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%s]", strtok(NULL, ""));
	printf("[%s]\n", strtok("  lead", " "));
	exit(0);
}
