/* The usual arithmetic conversions: the wider or unsigned operand type wins. */
#pragma D option quiet

int i;
unsigned int u;
long l;

BEGIN
{
	i = -1;
	u = 1;
	l = -1;
	printf("%d %d %d\n", i < u, l < u, i < l + 1);
	printf("%u %d\n", i + u - 2, l + u - 2);
	printf("%d %d %d %d\n", sizeof (i + u), sizeof (i + l), sizeof (u + l), sizeof (i + 'a'));
	printf("%d %d\n", sizeof ((char)1 + 1), sizeof ((uint8_t)255 + 1));
	printf("%d\n", (uint8_t)255 + 1);
	exit(0);
}
