/* The input is evaluated for each member used, in the clause's context: variables work. */
#pragma D option quiet
struct lt_out { int lt_a; int lt_b; };
translator struct lt_out < int lt_x > { lt_a = lt_x + 1; lt_b = lt_x - 1; };
BEGIN
{
	lt_v = 10;
	this->t = 100;
	printf("%d %d\n", xlate <struct lt_out *> (lt_v)->lt_a, xlate <struct lt_out *> (this->t)->lt_b);
	exit(0);
}
