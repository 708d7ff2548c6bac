/* D does not widen char and short operands to int: the sum of two of them has the wider
 * operand's type (unsigned above signed at one width) and wraps at its width. */
#pragma D option quiet

unsigned char lt_uc;
signed char lt_sc;
unsigned short lt_us;
short lt_ss;

BEGIN
{
	lt_uc = 254;
	lt_sc = 3;
	printf("%d %d\n", lt_uc + lt_sc, lt_sc + lt_uc);
	lt_us = 65533;
	printf("%d %d\n", lt_us + lt_us, lt_us + lt_uc);
	lt_sc = -3;
	lt_ss = -2;
	printf("%d %d\n", lt_sc + lt_sc, lt_ss + lt_sc);
	printf("%d %d\n", lt_uc + 1, lt_us * 2L);
	exit(0);
}
