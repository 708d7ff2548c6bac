/* Size prefixes h l ll are accepted when they match the argument type. */
#pragma D option quiet

BEGIN
{
	printf("%hd %hu %hx\n", (short)-2, (unsigned short)65534, (short)-2);
	printf("%ld %lu %lx\n", -3L, 3UL, 255L);
	printf("%lld %llu %llx\n", -4LL, 4ULL, (int64_t)255);
	exit(0);
}
