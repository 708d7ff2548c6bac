/* Each declared self-> variable is a variable of its own (they once shared one slot). */
#pragma D option quiet

self int lt_a;
self int lt_b;
self char lt_c, lt_d;

BEGIN
{
	self->lt_b = 4;
	self->lt_a = 5;
	self->lt_d = 'd';
	self->lt_c = 'c';
	printf("%d %d %c %c\n", self->lt_a, self->lt_b, self->lt_c, self->lt_d);
	exit(0);
}
