/* Clauses for the same probe run in program order, each once. */
#pragma D option quiet

BEGIN
{
	printf("first\n");
}

END
{
	printf("end first\n");
}

BEGIN
{
	printf("second\n");
}

END
{
	printf("end second\n");
}

BEGIN
{
	printf("third\n");
	exit(0);
}
