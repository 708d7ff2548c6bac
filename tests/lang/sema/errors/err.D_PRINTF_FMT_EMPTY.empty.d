/* An empty printf() format. */
#pragma D option quiet

BEGIN
{
	printf("");
}
