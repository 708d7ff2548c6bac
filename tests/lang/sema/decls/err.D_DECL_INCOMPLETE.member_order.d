/* A member of a struct defined only further down is incomplete where it is declared, and
 * DTrace reports it there, before an error later in the program. */
struct lt_outer {
	struct lt_inner in;
};

struct lt_inner {
	int n;
};

BEGIN
/(1 != 2) (3 != 4)/
{
	exit(0);
}
