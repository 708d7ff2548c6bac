/* -x dynvarsize counts an element as its key tuple (none for a self-> scalar) plus its value
 * at the value's size, as DTrace for Linux counts it: 15 bytes hold three self-> ints. */
#pragma D option quiet
#pragma D option dynvarsize=15

BEGIN
{
	self->lt_a = 1;
	self->lt_b = 2;
	self->lt_c = 3;
	self->lt_d = 4;
	printf("%d %d %d %d\n", self->lt_a, self->lt_b, self->lt_c, self->lt_d);
	exit(0);
}
