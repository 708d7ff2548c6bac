/* int (32-bit) arithmetic wraps at 32 bits; unsigned int wraps to 0. */
#pragma D option quiet

int i;
unsigned int u;
long long z;

BEGIN
{
	i = 2147483647;
	u = 4294967295;
	printf("%d %u\n", i + 1, u + 1);
	z = i + i;
	printf("%x\n", z);
	i = 1;
	z = i << 31;
	printf("%d %d\n", i << 31, z);
	i = 1 << 30;
	z = i << 5;
	printf("%d\n", z);
	exit(0);
}
