/* lt_w is a member of the output type that the translator does not define. */
struct lt_out { int lt_v; int lt_w; };
translator struct lt_out < int lt_x > { lt_v = lt_x; };
BEGIN
{
	trace(xlate <struct lt_out *> (1)->lt_w);
}
