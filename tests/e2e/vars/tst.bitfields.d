/* Bit-field members of a D struct keep only their own bits. */
#pragma D option quiet

struct lt_flags {
	unsigned int	a : 3;
	unsigned int	b : 5;
	unsigned int	c : 24;
};

struct lt_flags f;

BEGIN
{
	f.a = 9;
	f.b = 31;
	f.c = 0x1000001;
	printf("%d %d %d %d\n", f.a, f.b, f.c, sizeof (f));
	exit(0);
}
