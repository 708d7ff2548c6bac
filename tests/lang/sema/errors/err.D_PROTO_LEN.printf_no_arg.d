/* printf() needs at least its format. */
#pragma D option quiet

BEGIN
{
	printf();
}
