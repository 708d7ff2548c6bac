/* END fires exactly once, however many times exit() is called. */
#pragma D option quiet

int ends;

BEGIN
{
	exit(0);
}

BEGIN
{
	exit(0);
}

END
{
	ends++;
	printf("END #%d\n", ends);
}
