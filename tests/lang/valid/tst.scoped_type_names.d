/* A type name may be scoped by its module: D`T names the program's own type. */
struct lt_pair {
	int	a;
	int	b;
};

BEGIN
{
	lt_off = offsetof(struct D`lt_pair, b);
	lt_size = sizeof (struct D`lt_pair);
}
