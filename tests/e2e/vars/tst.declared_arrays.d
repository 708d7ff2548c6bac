/*
 * A declared array is indexed as *(a + i): global and this-> arrays, a constant or a computed
 * subscript, a pointer to an element indexed in turn, an array member of a struct.
 */
#pragma D option quiet

int lt_a[5];
int *lt_q;
this long lt_t[3];

struct lt_rec {
	int	n;
	char	name[8];
};

struct lt_rec lt_r;

BEGIN
{
	lt_a[0] = 100;
	lt_a[4] = 500;
	i = 2;
	lt_a[i] = 300;
	lt_a[i]++;
	lt_p = &lt_a[0];
	lt_q = lt_a;
	printf("%d %d %d %d %d %d\n", lt_a[0], lt_a[2], lt_a[4], lt_p[2], *(lt_p + 4), lt_q[4]);
	this->lt_t[1] = -5;
	this->lt_t[2] = this->lt_t[1] * 3;
	printf("%d %d %d\n", this->lt_t[0], this->lt_t[1], this->lt_t[2]);
	lt_r.name[0] = 'o';
	lt_r.name[1] = 'k';
	lt_r.n = sizeof (lt_a);
	printf("%s %d\n", lt_r.name, lt_r.n);
	exit(0);
}
