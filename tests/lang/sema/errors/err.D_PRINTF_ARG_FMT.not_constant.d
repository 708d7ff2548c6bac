/* The format of printf() must be a string constant. */
#pragma D option quiet

BEGIN
{
	printf(42);
}
