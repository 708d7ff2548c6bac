/* strtoll() with a base outside 2-36 is an illegal operation. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", strtoll("10", 0));
}

BEGIN
{
	exit(0);
}
