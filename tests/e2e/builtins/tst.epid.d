/* epid numbers the enabled probes (one per clause and probe) from 1 in program order. */
#pragma D option quiet

BEGIN
{
	printf("BEGIN %d\n", epid);
}

BEGIN
{
	printf("BEGIN %d\n", epid);
	exit(0);
}

END
{
	printf("END %d\n", epid);
}
