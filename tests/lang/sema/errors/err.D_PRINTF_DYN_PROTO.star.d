/* A '*' width without its argument. */
#pragma D option quiet

BEGIN
{
	printf("%*d\n");
}
