/* %d needs an integer. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", "seven");
}
