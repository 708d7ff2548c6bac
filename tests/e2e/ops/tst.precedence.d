/* C precedence and associativity. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", 2 + 3 * 4, (2 + 3) * 4, 1 << 2 + 1);
	printf("%d %d %d\n", 1 | 2 ^ 3 & 4, 10 - 2 - 3, 100 / 10 / 5);
	printf("%d %d %d\n", -2 * -3, !0 + 1, ~0 & 0xff);
	printf("%d %d\n", 3 > 2 == 1, 1 + 2 == 3 && 2 * 2 == 4);
	a = b = 5;
	printf("%d %d\n", a, b);
	printf("%d\n", 1 ? 2 : 3 ? 4 : 5);
	exit(0);
}
