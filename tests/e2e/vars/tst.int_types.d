/* Declared global integers of every width and signedness hold -1 as C would. */
#pragma D option quiet

char c;
short s;
int i;
long l;
long long ll;
unsigned char uc;
unsigned short us;
unsigned int ui;
unsigned long ul;
unsigned long long ull;

BEGIN
{
	c = -1; s = -1; i = -1; l = -1; ll = -1;
	uc = -1; us = -1; ui = -1; ul = -1; ull = -1;
	printf("%d %d %d %d %d\n", c, s, i, l, ll);
	printf("%d %d %d %d %d\n", uc, us, ui, ul, ull);
	printf("%d %d %d %d %d\n", sizeof (c), sizeof (s), sizeof (i), sizeof (l), sizeof (ll));
	exit(0);
}
