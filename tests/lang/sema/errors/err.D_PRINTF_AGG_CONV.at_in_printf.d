/* %@ belongs to printa(), not printf(). */
#pragma D option quiet

BEGIN
{
	printf("%@d\n", 1);
}
