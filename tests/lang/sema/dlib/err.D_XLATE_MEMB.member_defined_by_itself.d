/* A member whose expression reads the same member of the same translation never ends. */
struct lt_o { int lt_v; };
translator struct lt_o < int lt_x > { lt_v = xlate <struct lt_o *> (lt_x)->lt_v; };
BEGIN
{
	trace(xlate <struct lt_o *> (1)->lt_v);
}
