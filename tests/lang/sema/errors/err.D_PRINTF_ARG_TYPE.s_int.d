/* %s needs a string or char array. */
#pragma D option quiet

BEGIN
{
	printf("%d %s\n", 1, 2);
}
