/* %u %o %x %X read the value as unsigned at its own size. */
#pragma D option quiet

BEGIN
{
	printf("%u %u %u\n", -1, (int8_t)-1, -1L);
	printf("%o %o %x %X\n", 8, -1, 3054, 3054);
	printf("%x %x %X\n", -1, (short)-1, -1L);
	printf("%#o %#x %#X %#o\n", 8, 255, 255, 0);
	exit(0);
}
