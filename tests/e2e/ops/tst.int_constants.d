/* Integer constants: decimal, octal, hex, character constants and their suffixes. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 017, 0x1F, 0X10, 100);
	printf("%d %d %d %d\n", 'A', '\n', '\0', '\101');
	printf("%d %d %d %d %d\n", sizeof (1U), sizeof (1L), sizeof (1UL), sizeof (1LL), sizeof (1ULL));
	printf("%d %d\n", sizeof (2147483648), sizeof (0xffffffff));
	printf("%d\n", -2147483648 < 0);
	exit(0);
}
