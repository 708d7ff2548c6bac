/* An inline may name a translation, as curpsinfo does. */
#pragma D option quiet
struct lt_out { int lt_v; };
translator struct lt_out < int lt_x > { lt_v = lt_x + 100; };
inline struct lt_out *lt_cur = xlate <struct lt_out *> (7);
BEGIN
{
	printf("%d\n", lt_cur->lt_v);
	exit(0);
}
