/* Shifts: << fills with zeros, >> is arithmetic on signed and logical on unsigned operands. */
#pragma D option quiet

BEGIN
{
	one = 1L;
	neg = -16L;
	uneg = (uint64_t)-16;
	n = 60;
	printf("%d %d %d\n", one << 62, one << 63, one << 0);
	printf("%d %d\n", neg >> 2, neg >> 63);
	printf("%u %u\n", uneg >> n, uneg >> 63);
	printf("%d %d\n", 0xff00 >> 8, 3 << 4);
	exit(0);
}
