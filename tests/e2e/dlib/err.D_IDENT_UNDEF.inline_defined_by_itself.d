/* An inline that expands to itself, here through a translator, is refused. */
struct lt_o { int lt_v; };
inline int lt_a = xlate <struct lt_o *> (1)->lt_v;
translator struct lt_o < int lt_x > {
	lt_v = lt_a;
};
BEGIN
{
	trace(lt_a);
}
