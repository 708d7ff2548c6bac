/* %hd needs a short; an int does not do. */
#pragma D option quiet

BEGIN
{
	printf("%hd\n", 1);
}
