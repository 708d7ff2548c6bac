/* An unknown printf() conversion. */
#pragma D option quiet

BEGIN
{
	printf("%z\n", 1);
}
