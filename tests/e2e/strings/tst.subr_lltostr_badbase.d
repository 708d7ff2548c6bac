/* A base below 2 or above 36 is an illegal operation. */
#pragma D option quiet

BEGIN
{
	printf("[%s]\n", lltostr(10, 1));
}

BEGIN
{
	printf("[%s]\n", lltostr(10, 37));
}

BEGIN
{
	exit(0);
}
