/* No translator goes from a string to struct lt_out. */
struct lt_out { int lt_v; };
translator struct lt_out < int lt_x > { lt_v = lt_x; };
BEGIN
{
	trace(xlate <struct lt_out *> ("lt")->lt_v);
}
