/* A negative index counts from the end; one before the start starts at the start. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", substr("hello", -1), substr("hello", -3),
	    substr("hello", -5), substr("hello", -6), substr("hello", -9));
	exit(0);
}
