/*
 * Struct values: a whole struct assigned, a member of a struct cast to its own type, a struct
 * in a self-> variable and in an associative array, a struct as a key, and zero assigned to
 * a struct element deleting it.
 */
#pragma D option quiet

struct lt_rec {
	int	id;
	char	tag;
};

struct lt_rec lt_a;
struct lt_rec lt_b;

BEGIN
{
	lt_a.id = 7;
	lt_a.tag = 'a';
	lt_b = lt_a;
	lt_a.id = 8;
	printf("%d %c %d\n", lt_b.id, lt_b.tag, ((struct lt_rec)lt_a).id);
	self->r = lt_b;
	self->r.id++;
	printf("%d %c %d\n", self->r.id, self->r.tag, lt_b.id);
	lt_m[1] = lt_a;
	lt_m[2] = lt_b;
	lt_m[1] = 0;
	printf("%d %d\n", lt_m[1].id, lt_m[2].id);
	lt_k[lt_a] = 10;
	lt_k[lt_b] = 20;
	lt_b.id = 8;
	printf("%d\n", lt_k[lt_b]);
	exit(0);
}
