/* A '*' width must be an integer. */
#pragma D option quiet

BEGIN
{
	printf("%*d\n", "wide", 1);
}
