/* Every compound assignment operator. */
#pragma D option quiet

BEGIN
{
	x = 100;
	x += 5; printf("%d ", x);
	x -= 15; printf("%d ", x);
	x *= 3; printf("%d ", x);
	x /= 7; printf("%d ", x);
	x %= 20; printf("%d ", x);
	x <<= 4; printf("%d ", x);
	x >>= 2; printf("%d ", x);
	x &= 0x1c; printf("%d ", x);
	x |= 0x101; printf("%d ", x);
	x ^= 0xff; printf("%d\n", x);
	y = (z = 7) + 1;
	printf("%d %d\n", y, z);
	exit(0);
}
