/* A subroutine fault in a predicate is reported as in the predicate. */
#pragma D option quiet

BEGIN
/lltostr(1, 99) == "1"/
{
	printf("no\n");
}

BEGIN
{
	exit(0);
}
