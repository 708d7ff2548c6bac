/* printf() arguments beyond those the format uses. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 1, 2, 3);
}
