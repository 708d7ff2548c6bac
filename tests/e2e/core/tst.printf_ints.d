#pragma D option quiet
BEGIN
{
	printf("%d %i %u %x %X %o\n", 42, -7, 3000000000u, 255, 255, 8);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42);
	printf("%lld %llu\n", -9223372036854775807LL - 1, 18446744073709551615ULL);
	exit(0);
}
