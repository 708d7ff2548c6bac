/* trace() of a struct prints a hex and ASCII dump of its bytes. */
struct lt_rec {
	int	a;
	char	b;
	int	c;
};

struct lt_rec rec;

BEGIN
{
	rec.a = 0x44434241;
	rec.b = 'z';
	rec.c = -1;
	trace(rec);
	exit(0);
}
