/* Bitwise & | ^ ~ on signed and unsigned operands. */
#pragma D option quiet

BEGIN
{
	a = 0xf0f0;
	b = 0x0ff0;
	printf("%x %x %x\n", a & b, a | b, a ^ b);
	printf("%d %x %x\n", ~0, ~0U, ~0UL);
	printf("%x\n", ~a & 0xffff);
	x = -1L;
	printf("%x %d\n", x & 0xff, x ^ x);
	exit(0);
}
