/* A comma-separated list of descriptions shares one predicate and one body. */
#pragma D option quiet

int n;

BEGIN, END
{
	printf("%s %d\n", probename, n++);
}

BEGIN
{
	exit(0);
}
