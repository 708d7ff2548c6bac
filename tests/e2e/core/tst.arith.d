#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d\n", 7 + 3, 7 - 10, 6 * 7, 17 / 5, 17 % 5);
	printf("%d %d %d\n", -17 / 5, -17 % 5, 1 << 10);
	printf("%d %d %d %d\n", 0xf0 & 0x3c, 0xf0 | 0x0f, 0xff ^ 0x0f, ~0);
	x = 10;
	y = 3;
	printf("%d %d %d %d %d\n", x + y, x - y, x * y, x / y, x % y);
	printf("%d %d\n", -x / y, -x % y);
	exit(0);
}
