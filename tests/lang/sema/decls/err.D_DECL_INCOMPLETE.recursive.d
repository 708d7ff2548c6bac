/* A union cannot hold itself: it is incomplete within its own body. */
union lt_u {
	union lt_u inner;
	int n;
};

BEGIN
{
	exit(0);
}
