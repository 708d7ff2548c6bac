/* Unsigned 64-bit arithmetic: wrap below zero, unsigned division and modulo, comparison. */
#pragma D option quiet

uint64_t u, zero;

BEGIN
{
	u = zero - 1;
	printf("%u\n", u);
	printf("%u %u %u\n", u / 3, u % 7, u / 2);
	printf("%d %d\n", u > 0, u > 9223372036854775807ULL);
	printf("%u\n", u >> 60);
	exit(0);
}
