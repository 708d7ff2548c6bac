/* An undeclared global takes the type of its first assignment. */
#pragma D option quiet

BEGIN
{
	i = 1;
	l = 1L;
	u = 1U;
	ul = 1UL;
	ll = 1LL;
	big = 0x100000000;
	s = "a string";
	p = (char *)0;
	n++;
	printf("%d %d %d %d %d %d %d %d %d\n", sizeof (i), sizeof (l), sizeof (u),
	    sizeof (ul), sizeof (ll), sizeof (big), sizeof (s), sizeof (p), sizeof (n));
	u = -1;
	printf("%d %d\n", u, u > 0);
	exit(0);
}
