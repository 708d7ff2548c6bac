/* Signed bit-fields read back sign-extended from their width; unsigned ones do not. */
#pragma D option quiet

struct lt_bits {
	int		a : 3;
	unsigned	b : 3;
	long		c : 35;
	int		d : 22;
};

struct lt_bits lt_v;

BEGIN
{
	lt_v.a = 7;
	lt_v.b = 7;
	lt_v.c = 0x755555555;
	lt_v.d = 0x355555;
	printf("%d %d %d %d %d\n", lt_v.a, lt_v.b, lt_v.c, lt_v.d, sizeof (lt_v));
	exit(0);
}
