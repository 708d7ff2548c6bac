/* A conversion without a value. */
#pragma D option quiet

BEGIN
{
	printf("%d %s\n", 1);
}
