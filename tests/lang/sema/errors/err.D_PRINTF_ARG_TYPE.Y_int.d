/* %Y needs a 64-bit integer. */
#pragma D option quiet

BEGIN
{
	printf("%Y\n", 1);
}
