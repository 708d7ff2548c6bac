/* Pointers to a struct not yet defined are fine. */
struct lt_node {
	struct lt_node *next;
	struct lt_other *other;
	int n;
};
struct lt_node lt_head;

BEGIN
{
	lt_head.n = 1;
}
