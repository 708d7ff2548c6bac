/* 64-bit signed arithmetic wraps around on overflow. */
#pragma D option quiet

BEGIN
{
	max = 9223372036854775807;
	min = -9223372036854775807 - 1;
	big = 0x100000000;
	printf("%d\n", max + 1);
	printf("%d\n", min - 1);
	printf("%d\n", -min);
	printf("%d\n", big * big);
	printf("%d\n", max * 2);
	exit(0);
}
